import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { readArchived, referencedFiles, type ArchivePlace, type FileDigest } from "./archive";
import { schemaVersion, tablesInOrder, type Sql } from "./catalog";
import { archiveFile, FORMAT, FORMAT_VERSION, OpsError, tableFile, writeManifest, type Manifest } from "./manifest";
import { dumpTable, fixOutput } from "./rows";
import { signManifest, type SigningKey } from "./signature";

/** A database to take a snapshot of: `consistent` runs its callback in one read-only, repeatable-read transaction. */
export type Source = {
  engine: Manifest["sourceEngine"];
  place: ArchivePlace;
  consistent: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;
};

export type Report = (line: string) => void;

/**
 * Writes a snapshot into the empty directory `staging`: the rows from one transaction, a directory archive's files
 * copied after it to keep the embedded database's lock short. That is sound because a file is archived before its
 * record refers to it and never changes; files archived later are referred to by nothing and stay out. The manifest is
 * signed with the first of `keys` (signature.ts).
 */
export async function takeSnapshot(
  source: Source,
  staging: string,
  keys: readonly SigningKey[],
  report: Report,
): Promise<Manifest> {
  await mkdir(path.join(staging, "tables"), { recursive: true });
  await mkdir(path.join(staging, "archive"), { recursive: true });
  const files: FileDigest[] = [];
  const copy = async (sql: Sql | undefined, shas: string[]) => {
    for (const sha of shas) {
      const got = await readArchived(sql, source.place, sha, archiveFile(staging, sha));
      if (got.sha256 !== sha)
        throw new OpsError(`Archivierte Datei ${sha} ist beschädigt`, `archived file ${sha} is damaged`);
      files.push(got);
      if (files.length % 100 === 0) report(`  ${files.length}/${shas.length} Dateien / files`);
    }
  };
  const { version, tables, shas } = await source.consistent(async (sql) => {
    await fixOutput(sql);
    const version = await schemaVersion(sql);
    if (!version) throw new OpsError("Die Datenbank hat kein Schema", "the database has no schema");
    const tables: Manifest["tables"] = [];
    for (const table of await tablesInOrder(sql)) {
      tables.push({ name: table.name, ...(await dumpTable(sql, table, tableFile(staging, table.name))) });
      report(`  ${table.name}: ${tables.at(-1)!.rows}`);
    }
    const shas = await referencedFiles(sql);
    if (source.place.kind === "database") await copy(sql, shas);
    return { version, tables, shas };
  });
  if (source.place.kind === "dir") await copy(undefined, shas);
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    schemaVersion: version,
    createdAt: new Date().toISOString(),
    sourceEngine: source.engine,
    tables,
    files,
  };
  await writeManifest(staging, signManifest(manifest, keys));
  return manifest;
}
