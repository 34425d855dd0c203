import "server-only";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { archiveHasFiles, readArchived, writeArchived, type ArchivePlace } from "./archive";
import { DERIVED, ident, schemaVersion, tablesInOrder, type Sql } from "./catalog";
import { migrateTo, type Database } from "./engines";
import { archiveFile, OpsError, tableFile, type Manifest } from "./manifest";
import { digestTable, fixOutput, loadTable, resetSequences } from "./rows";

/** Loading a verified snapshot into an empty database and archive, then checking what landed. */

export type Progress = (what: string, done: number, total: number) => void;

/** Refuses a target with any migration applied (so any row at all) or any archived file. */
export async function refuseNonEmpty(db: Database, place: ArchivePlace, where: string): Promise<void> {
  if ((await schemaVersion(db.sql)) !== null || (await archiveHasFiles(place))) {
    throw new OpsError(
      `Das Ziel ist nicht leer (${where}); nur in eine leere Datenbank und ein leeres Archiv wird zurückgespielt`,
      `the target is not empty (${where}); a backup is only restored into an empty database and an empty archive`,
    );
  }
}

async function sumOfN(file: string): Promise<number> {
  let sum = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (line) sum += Number((JSON.parse(line) as { n: number }).n);
  return sum;
}

/**
 * The count tables: the documents' triggers have rebuilt them while the documents were loaded.
 * Their totals must agree with the backup's (a check of the load); then the backed-up rows take
 * their place, so the restored tables equal the backup's row for row (rows that fell to 0 included).
 */
async function loadDerived(
  db: Database,
  staging: string,
  manifest: Manifest,
  onRows: (n: number) => void,
): Promise<void> {
  const derived = manifest.tables.filter((t) => DERIVED.includes(t.name));
  await db.sql.query("BEGIN");
  try {
    for (const table of derived) {
      const [built] = await db.sql.query(`SELECT COALESCE(sum(n), 0)::bigint::text AS s FROM ${ident(table.name)}`);
      if (Number(built?.s) !== (await sumOfN(tableFile(staging, table.name)))) {
        throw new OpsError(`Zählerstände weichen ab: ${table.name}`, `counts differ: ${table.name}`);
      }
      await db.sql.query(`DELETE FROM ${ident(table.name)}`);
      await loadTable(db.sql, table.name, tableFile(staging, table.name), onRows);
    }
    await db.sql.query("COMMIT");
  } catch (err) {
    await db.sql.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
}

/** Compares every table and archived file of the target with the manifest, inside one snapshot. */
async function verifyTarget(db: Database, place: ArchivePlace, manifest: Manifest): Promise<void> {
  await db.consistent(async (sql: Sql) => {
    await fixOutput(sql);
    const tables = await tablesInOrder(sql);
    if (tables.map((t) => t.name).join() !== manifest.tables.map((t) => t.name).join()) {
      throw new OpsError(
        "Die Tabellen des Ziels weichen von der Sicherung ab",
        "the target's tables differ from the backup's",
      );
    }
    for (const [i, table] of tables.entries()) {
      const got = await digestTable(sql, table);
      if (got.rows !== manifest.tables[i]!.rows || got.sha256 !== manifest.tables[i]!.sha256) {
        throw new OpsError(`Nach dem Zurückspielen weicht ${table.name} ab`, `${table.name} differs after the restore`);
      }
    }
    for (const file of manifest.files) {
      const got = await readArchived(sql, place, file.sha256);
      if (got.sha256 !== file.sha256 || got.bytes !== file.bytes)
        throw new OpsError(`Archivdatei ${file.sha256} weicht ab`, `archived file ${file.sha256} differs`);
    }
  });
}

/**
 * Loads the snapshot in `staging` (already checked against its manifest) into the empty `db` and
 * `place`. `filesInPlace`: the archive directory is the source's own (db:copy with ARCHIVE_DIR),
 * so its files are only checked.
 */
export async function loadSnapshot(
  db: Database,
  place: ArchivePlace,
  staging: string,
  manifest: Manifest,
  progress: Progress,
  filesInPlace = false,
): Promise<void> {
  await migrateTo(db, manifest.schemaVersion);
  const totalRows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  let rows = 0;
  const onRows = (n: number) => progress("Zeilen / rows", (rows += n), totalRows);
  for (const table of manifest.tables.filter((t) => !DERIVED.includes(t.name)))
    await loadTable(db.sql, table.name, tableFile(staging, table.name), onRows);
  await loadDerived(db, staging, manifest, onRows);
  await resetSequences(db.sql);
  for (const [i, file] of filesInPlace ? [] : manifest.files.entries()) {
    await writeArchived(db.sql, place, file, archiveFile(staging, file.sha256));
    progress("Dateien / files", i + 1, manifest.files.length);
  }
  await verifyTarget(db, place, manifest);
  await migrateTo(db);
}
