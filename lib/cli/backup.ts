/**
 * `npm run backup -- FILE`: one file with everything the app keeps (lib/ops/backup), taken while
 * the app runs. On PostgreSQL it reads one repeatable-read snapshot itself; with the embedded
 * database it asks the running server for the snapshot (DATA_DIR/ops.json), or opens the
 * database itself when no server runs. The file is checked against its manifest, and the manifest's
 * signature against this command's ENCRYPTION_KEYS (those a restore will need), before it is kept.
 */
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { KEYS_NOTE, mb, oneArgument, runCli } from "@/lib/ops/backup/cli";
import { holdDataDir } from "@/lib/ops/backup/datadir";
import { openPglite, openPostgres, type Database } from "@/lib/ops/backup/engines";
import { OpsError, verifyStaging, type Manifest } from "@/lib/ops/backup/manifest";
import { packFile, unpackFile, withStaging } from "@/lib/ops/backup/pack";
import { checkSignature, signatureProblem, type SigningKey } from "@/lib/ops/backup/signature";
import { takeSnapshot } from "@/lib/ops/backup/snapshot";

const HELP = `npm run backup -- DATEI / FILE

Schreibt eine Sicherung (Datenbank und archivierte Dateien, mit Manifest aus Zeilenzahlen und
SHA-256-Prüfsummen, signiert mit einem aus ENCRYPTION_KEYS abgeleiteten Schlüssel) nach DATEI,
während die App läuft. / Writes a backup (database and archived files, with a manifest of row
counts and SHA-256 hashes, signed with a key derived from ENCRYPTION_KEYS) to FILE while the app
runs.

${KEYS_NOTE}`;

async function fromDatabase(db: Database, partial: string): Promise<void> {
  const place = env().archive;
  try {
    await withStaging(async (staging) => {
      await takeSnapshot(
        { engine: db.engine, place, consistent: db.consistent },
        staging,
        env().encryptionKeys,
        (line) => console.log(line),
      );
      await packFile(staging, partial);
    }, path.dirname(partial));
  } finally {
    await db.close();
  }
}

/** The running server's snapshot, streamed into `partial`. */
async function fromServer(server: { port: number; token: string }, partial: string): Promise<void> {
  console.log(
    `Der laufende Server (Port ${server.port}) liefert die Sicherung. / The running server (port ${server.port}) provides the backup.`,
  );
  const res = await fetch(`http://127.0.0.1:${server.port}/api/ops/backup`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.token}` },
  }).catch((err: Error) => {
    throw new OpsError(
      `Der Server in DATA_DIR antwortet nicht (${err.message}); bitte später erneut versuchen`,
      `the server of DATA_DIR does not answer (${err.message}); try again later`,
    );
  });
  if (res.status !== 200 || !res.body) {
    const detail = ((await res.json().catch(() => ({}))) as { message?: string }).message ?? `HTTP ${res.status}`;
    throw new OpsError(
      `Der Server konnte keine Sicherung erstellen: ${detail}`,
      `the server could not take a backup: ${detail}`,
    );
  }
  await pipeline(
    Readable.fromWeb(res.body as import("node:stream/web").ReadableStream),
    createWriteStream(partial, { mode: 0o600 }),
  );
}

async function verifiedManifest(file: string, keys: readonly SigningKey[]): Promise<Manifest> {
  return withStaging(async (staging) => {
    await unpackFile(file, staging);
    const signature = await checkSignature(staging, keys);
    if (signature.state !== "valid") throw signatureProblem(signature, false);
    return verifyStaging(staging);
  }, path.dirname(file));
}

runCli(HELP, async (args) => {
  const file = path.resolve(oneArgument(args, "npm run backup -- FILE"));
  const partial = `${file}.partial`;
  const config = env();
  const started = Date.now();
  try {
    if (config.databaseUrl) await fromDatabase(await openPostgres(config.databaseUrl), partial);
    else {
      const hold = holdDataDir(config.dataDir);
      try {
        if (hold.server) await fromServer(hold.server, partial);
        else await fromDatabase(await openPglite(config.dataDir), partial);
      } finally {
        hold.release();
      }
    }
    const manifest = await verifiedManifest(partial, config.encryptionKeys);
    await rename(partial, file);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Sicherung geschrieben und geprüft / backup written and verified: ${file} (${mb((await stat(file)).size)}, ` +
        `${rows} Zeilen / rows, ${manifest.files.length} Dateien / files, Schema ${manifest.schemaVersion}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    console.log(KEYS_NOTE);
  } finally {
    await rm(partial, { force: true });
  }
});
