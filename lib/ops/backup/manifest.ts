import "server-only";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/**
 * A snapshot on disk (a staging directory, and inside the backup file): `manifest.json`, one
 * NDJSON file per table under tables/, one file per archived hash under archive/.
 */

export const FORMAT = "arge-inbox-backup";
export const FORMAT_VERSION = 1;

const Digest = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) });
const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  schemaVersion: z.string().regex(/^\d{4}_[a-z0-9_]+$/),
  createdAt: z.string(),
  sourceEngine: z.enum(["pglite", "postgresql"]),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z0-9_]+$/),
      rows: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  files: z.array(Digest),
});
export type Manifest = z.infer<typeof Manifest>;

/** An expected failure: its message (German, then English) is all the person running the command needs. */
export class OpsError extends Error {
  constructor(de: string, en: string) {
    super(`${de} / ${en}`);
    this.name = "OpsError";
  }
}

export const tableFile = (staging: string, name: string) => path.join(staging, "tables", `${name}.ndjson`);
export const archiveFile = (staging: string, sha: string) => path.join(staging, "archive", sha);

export async function writeManifest(staging: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

const invalid = () =>
  new OpsError(
    "Keine gültige Sicherung (manifest.json fehlt oder ist unlesbar)",
    "not a valid backup (manifest.json missing or unreadable)",
  );

/** manifest.json as written, every field kept (its signature covers them all: signature.ts). */
export async function readManifestJson(staging: string): Promise<Record<string, unknown>> {
  const raw = await readFile(path.join(staging, "manifest.json"), "utf8").catch(() => null);
  let json: unknown;
  try {
    json = raw === null ? undefined : JSON.parse(raw);
  } catch {
    throw invalid();
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) throw invalid();
  return json as Record<string, unknown>;
}

export async function readManifest(staging: string): Promise<Manifest> {
  const parsed = Manifest.safeParse(await readManifestJson(staging));
  if (!parsed.success) throw invalid();
  return parsed.data;
}

async function digestFile(file: string): Promise<{ sha256: string; bytes: number; lines: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } catch {
    throw new OpsError(
      `Datei fehlt in der Sicherung: ${path.basename(file)}`,
      `file missing from the backup: ${path.basename(file)}`,
    );
  }
  return { sha256: hash.digest("hex"), bytes, lines };
}

const mismatch = (what: string) =>
  new OpsError(`Prüfsumme oder Anzahl stimmt nicht: ${what}`, `hash or count mismatch: ${what}`);

/** Checks every table file and archived file of a staged snapshot against its manifest. */
export async function verifyStaging(staging: string): Promise<Manifest> {
  const manifest = await readManifest(staging);
  for (const table of manifest.tables) {
    const got = await digestFile(tableFile(staging, table.name));
    if (got.sha256 !== table.sha256 || got.lines !== table.rows) throw mismatch(`tables/${table.name}`);
  }
  for (const file of manifest.files) {
    const got = await digestFile(archiveFile(staging, file.sha256));
    if (got.sha256 !== file.sha256 || got.bytes !== file.bytes) throw mismatch(`archive/${file.sha256}`);
  }
  return manifest;
}
