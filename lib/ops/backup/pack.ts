import "server-only";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { create, extract } from "tar";
import { OpsError } from "./manifest";

/** The backup file: a gzipped tar of a staged snapshot (manifest.json first, so a reader meets it at once). */

const ENTRIES = ["manifest.json", "tables", "archive"];

/** tar's stream is a Minipass, not a Node Readable: read through its async iterator, it becomes one. */
export function packStream(staging: string): Readable {
  return Readable.from(
    create({ gzip: true, cwd: staging, portable: true }, ENTRIES) as unknown as AsyncIterable<Buffer>,
  );
}

export async function packFile(staging: string, file: string): Promise<void> {
  await create({ gzip: true, cwd: staging, portable: true, file }, ENTRIES);
}

/** Unpacks a backup file into `staging` (tar keeps every entry inside it); a damaged file is refused. */
export async function unpackFile(file: string, staging: string): Promise<void> {
  try {
    await extract({ file, cwd: staging, strict: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new OpsError(`Datei nicht gefunden: ${file}`, `file not found: ${file}`);
    throw new OpsError(
      `Die Sicherung ist beschädigt (${(err as Error).message})`,
      `the backup is damaged (${(err as Error).message})`,
    );
  }
}

/** A fresh staging directory, removed after `fn` whatever happens. */
export async function withStaging<T>(fn: (staging: string) => Promise<T>, parent = tmpdir()): Promise<T> {
  const staging = await mkdtemp(path.join(parent, "arge-snapshot-"));
  try {
    return await fn(staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
