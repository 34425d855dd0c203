import "server-only";
import { readdir, rm, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { rowsOf } from "@/lib/db/rows";

/**
 * The archive's disk and its leftovers (docs/architecture.md, "Archive before confirm"): a file
 * is archived only while the disk keeps ARCHIVE_MIN_FREE_MB free (with the embedded database
 * that disk usually holds the database too), and what a crash left half-written is removed at start.
 */

const MIB = 1024 * 1024;
/** How long a free-space reading is trusted: archiving many files at once asks the disk once. */
const READING_MS = 1000;
let reading: { dir: string; at: number; free: number } | undefined;

async function freeBytes(dir: string): Promise<number> {
  if (reading && reading.dir === dir && Date.now() - reading.at < READING_MS) return reading.free;
  const fs = await statfs(dir);
  reading = { dir, at: Date.now(), free: fs.bavail * fs.bsize };
  return reading.free;
}

/** Refuses to start a file in `dir` while its disk has less free space than the margin. */
export async function ensureFreeSpace(dir: string): Promise<void> {
  const min = env().archiveMinFreeBytes;
  if (min <= 0) return;
  const free = await freeBytes(dir);
  if (free >= min) return;
  log().error(
    { dir, freeMb: Math.floor(free / MIB), minFreeMb: Math.floor(min / MIB) },
    "archive disk nearly full: nothing is archived or confirmed",
  );
  throw new AppError(507, "archive_disk_full", "delivery.archive.diskFull", {
    vars: { free: Math.floor(free / MIB), min: Math.floor(min / MIB) },
  });
}

/**
 * A crashed process leaves temporary files (a directory archive) or unnamed blobs (the database
 * archive). With the embedded database this process is the only one, so all of them go; with
 * PostgreSQL another instance may be writing its own right now, so only those that have not
 * changed for twice the provider timeout (a live download would have failed by then) go.
 */
export async function removeArchiveLeftovers(db: Db): Promise<number> {
  const { archive, databaseUrl, providerTimeoutMs } = env();
  const olderThan = databaseUrl ? Date.now() - 2 * providerTimeoutMs : Number.POSITIVE_INFINITY;
  let removed = 0;
  if (archive.kind === "dir") {
    const tmp = path.join(archive.dir, "tmp");
    const names = await readdir(tmp).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(tmp, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs >= olderThan) continue;
      await rm(file, { force: true });
      removed++;
    }
  } else {
    const cutoff = Number.isFinite(olderThan)
      ? new Date(olderThan).toISOString()
      : new Date(Date.now() + 60_000).toISOString();
    removed = rowsOf(
      await db.execute(
        sql`DELETE FROM delivery_blobs WHERE sha256 IS NULL AND stored_at < ${cutoff}::timestamptz RETURNING id`,
      ),
    ).length;
  }
  if (removed > 0) log().info({ removed }, "removed what a crash left half-archived");
  return removed;
}
