import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename } from "node:fs/promises";
import { once } from "node:events";
import path from "node:path";
import { shaPath } from "@/lib/archive/dir-sink";
import { BATCH_BYTES } from "@/lib/archive/worker";
import type { Sql } from "./catalog";

/**
 * The archived files of a snapshot, wherever the archive lives (env().archive): files named by
 * their hash in a directory, or blobs in chunks in the database. A snapshot carries them as
 * files either way, so a backup restores into either place.
 */

export type ArchivePlace = { kind: "dir"; dir: string } | { kind: "database" };
export type FileDigest = { sha256: string; bytes: number };

/** The hashes of the archived files the snapshot refers to: fetched documents and files sent through an outbox. */
export async function referencedFiles(sql: Sql): Promise<string[]> {
  const rows = await sql.query(
    `SELECT sha256 COLLATE "C" AS s FROM delivery_documents WHERE sha256 IS NOT NULL
     UNION SELECT sha256 COLLATE "C" FROM outbox_items ORDER BY 1`,
  );
  return rows.map((r) => String(r.s)).filter((s) => /^[0-9a-f]{64}$/.test(s));
}

async function* blobChunks(sql: Sql, sha: string): AsyncGenerator<Buffer> {
  const [blob] = await sql.query("SELECT id FROM delivery_blobs WHERE sha256 = $1", [sha]);
  if (!blob) throw new Error(`archived file ${sha} is missing`);
  for (let seq = 0; ; seq++) {
    const [chunk] = await sql.query("SELECT data FROM delivery_blob_chunks WHERE blob_id = $1 AND seq = $2", [
      blob.id,
      seq,
    ]);
    if (!chunk) return;
    yield Buffer.from(chunk.data as Uint8Array);
  }
}

function chunksOf(sql: Sql | undefined, place: ArchivePlace, sha: string): AsyncIterable<Buffer> {
  if (place.kind === "dir") return createReadStream(shaPath(place.dir, sha), { highWaterMark: BATCH_BYTES });
  if (!sql) throw new Error("a database archive is read through its database");
  return blobChunks(sql, sha);
}

/** Hashes an archived file, copying it to `dest` on the way when given (`sql`: needed for a database archive). */
export async function readArchived(
  sql: Sql | undefined,
  place: ArchivePlace,
  sha: string,
  dest?: string,
): Promise<FileDigest> {
  const hash = createHash("sha256");
  const out = dest ? createWriteStream(dest, { mode: 0o600 }) : undefined;
  let bytes = 0;
  try {
    for await (const chunk of chunksOf(sql, place, sha)) {
      hash.update(chunk);
      bytes += chunk.length;
      if (out && !out.write(chunk)) await once(out, "drain");
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`archived file ${sha} is missing`);
    throw err;
  } finally {
    out?.end();
    if (out) await once(out, "close");
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** Puts a snapshot's file into the target's archive (after its hash was checked). */
export async function writeArchived(sql: Sql, place: ArchivePlace, file: FileDigest, source: string): Promise<void> {
  if (place.kind === "dir") {
    const tmp = path.join(place.dir, "tmp", randomUUID());
    await mkdir(path.dirname(tmp), { recursive: true });
    const out = createWriteStream(tmp, { mode: 0o600 });
    for await (const chunk of createReadStream(source)) if (!out.write(chunk)) await once(out, "drain");
    out.end();
    await once(out, "close");
    const target = shaPath(place.dir, file.sha256);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tmp, target);
    return;
  }
  const id = randomUUID();
  await sql.query("INSERT INTO delivery_blobs (id, sha256, bytes) VALUES ($1, $2, $3)", [id, file.sha256, file.bytes]);
  let seq = 0;
  for await (const chunk of createReadStream(source, { highWaterMark: BATCH_BYTES })) {
    await sql.query("INSERT INTO delivery_blob_chunks (blob_id, seq, data) VALUES ($1, $2, $3)", [id, seq++, chunk]);
  }
}

/**
 * Whether a directory archive holds any file (any entry but its tmp/). A database archive is
 * empty whenever its database is: restore refuses a database with any migration applied.
 */
export async function archiveHasFiles(place: ArchivePlace): Promise<boolean> {
  if (place.kind !== "dir") return false;
  return (await readdir(place.dir).catch(() => [])).some((name) => name !== "tmp");
}
