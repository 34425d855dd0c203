/**
 * `npm run restore -- FILE`: a backup of lib/cli/backup.ts into an empty DATA_DIR (the embedded
 * database and its archive) or an empty database at DATABASE_URL (and its archive: the database,
 * or ARCHIVE_DIR). The file is checked against its manifest before anything is written, and the
 * target after: every table's rows and every archived file must hash as the manifest says.
 */
import path from "node:path";
import { env } from "@/lib/env";
import { KEYS_NOTE, oneArgument, runCli, terminalProgress } from "@/lib/backup/cli";
import { holdDataDir } from "@/lib/backup/datadir";
import { openPglite, openPostgres } from "@/lib/backup/engines";
import { loadSnapshot, refuseNonEmpty } from "@/lib/backup/load";
import { OpsError, verifyStaging } from "@/lib/backup/manifest";
import { unpackFile, withStaging } from "@/lib/backup/pack";

const HELP = `npm run restore -- DATEI / FILE

Spielt eine Sicherung in ein leeres DATA_DIR (eingebettete Datenbank) oder eine leere Datenbank
unter DATABASE_URL zurück und prüft jede Prüfsumme. / Restores a backup into an empty DATA_DIR
(embedded database) or an empty database at DATABASE_URL and checks every hash.

${KEYS_NOTE}`;

runCli(HELP, async (args) => {
  const file = path.resolve(oneArgument(args, "npm run restore -- FILE"));
  const config = env();
  const started = Date.now();
  await withStaging(async (staging) => {
    await unpackFile(file, staging);
    const manifest = await verifyStaging(staging);
    console.log(`Sicherung geprüft / backup verified: Schema ${manifest.schemaVersion}, ${manifest.createdAt}`);
    const hold = config.databaseUrl ? undefined : holdDataDir(config.dataDir);
    try {
      if (hold?.server) throw new OpsError("In DATA_DIR läuft ein Server; bitte zuerst beenden", "a server runs on DATA_DIR; stop it first");
      const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
      try {
        await refuseNonEmpty(db, config.archive, config.databaseUrl ? "DATABASE_URL" : config.dataDir);
        await loadSnapshot(db, config.archive, staging, manifest, terminalProgress());
      } finally {
        await db.close();
      }
    } finally {
      hold?.release();
    }
    console.log(
      `Zurückgespielt und geprüft / restored and verified: ${manifest.tables.length} Tabellen / tables, ${manifest.files.length} Dateien / files ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    console.log(KEYS_NOTE);
  });
});
