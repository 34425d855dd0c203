import "server-only";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { clientAddress } from "@/lib/auth/options";
import { getDriver } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { ErrorCode } from "@/lib/errors";
import { log } from "@/lib/log";
import { isOpsToken } from "./datadir";
import { pgliteDatabase } from "./engines";
import { packStream } from "./pack";
import { takeSnapshot } from "./snapshot";

/**
 * POST /api/ops/backup: the running server's snapshot of its embedded database, for `npm run
 * backup` (lib/cli/backup.ts), which cannot open PGlite while the server has it. Only from
 * loopback and only with the token of DATA_DIR/ops.json; anything else is told there is no such
 * route. The rows are read in one PGlite transaction (the server's other queries wait for it),
 * the archived files after it, then the tar streams out and the staged copy goes.
 */

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function isOpsCaller(headers: Headers): boolean {
  return LOOPBACK.has(clientAddress(headers) ?? "") && isOpsToken(headers.get("authorization"));
}

export async function backupResponse(): Promise<Response> {
  const staging = await mkdtemp(path.join(tmpdir(), "arge-snapshot-"));
  const cleanup = () => rm(staging, { recursive: true, force: true });
  try {
    const pglite = (await getDriver()) as PGlite;
    const db = pgliteDatabase(pglite, async () => undefined);
    const manifest = await takeSnapshot(
      { engine: db.engine, place: env().archive, consistent: db.consistent },
      staging,
      env().encryptionKeys,
      () => undefined,
    );
    log().info({ tables: manifest.tables.length, files: manifest.files.length }, "backup snapshot taken");
  } catch (err) {
    await cleanup();
    log().error({ err }, "backup snapshot failed");
    return Response.json(
      { error: "backup_failed" satisfies ErrorCode, message: (err as Error).message },
      { status: 500, headers: { "cache-control": "no-store" } },
    );
  }
  const tar = packStream(staging);
  tar.once("close", () => void cleanup());
  tar.once("error", () => void cleanup());
  return new Response(Readable.toWeb(tar) as ReadableStream<Uint8Array>, {
    headers: { "content-type": "application/gzip", "cache-control": "no-store" },
  });
}
