/**
 * `DB_COPY_TARGET=postgres://... npm run db:copy`: the way up from the embedded database. Copies everything
 * in DATA_DIR (the database and its archive) into an empty PostgreSQL database, the archive into
 * that database, or left in ARCHIVE_DIR when it is set (the new instances share it). The server
 * must be stopped: the copy opens the embedded database itself (DATA_DIR/ops.lock keeps a server
 * from starting meanwhile). It is a snapshot and a restore (lib/ops/backup) without the file between.
 */
import path from "node:path";
import { env } from "@/lib/env";
import { KEYS_NOTE, oneArgument, runCli, terminalProgress } from "@/lib/ops/backup/cli";
import { holdDataDir } from "@/lib/ops/backup/datadir";
import { openPglite, openPostgres } from "@/lib/ops/backup/engines";
import { loadSnapshot, refuseNonEmpty } from "@/lib/ops/backup/load";
import { OpsError } from "@/lib/ops/backup/manifest";
import { withStaging } from "@/lib/ops/backup/pack";
import { takeSnapshot } from "@/lib/ops/backup/snapshot";

const HELP = `DB_COPY_TARGET=postgres://BENUTZER:PASSWORT@HOST/DATENBANK npm run db:copy
(oder / or: npm run db:copy -- postgres://BENUTZER@HOST/DATENBANK with PGPASSWORD set)

Kopiert die eingebettete Datenbank in DATA_DIR und ihr Archiv in eine leere PostgreSQL-Datenbank
(das Archiv in die Datenbank, oder es bleibt in ARCHIVE_DIR, wenn gesetzt) und prüft Anzahlen und
Prüfsummen. Der Server muss dafür angehalten sein. / Copies the embedded database in DATA_DIR and
its archive into an empty PostgreSQL database (the archive into the database, or it stays in
ARCHIVE_DIR when set) and checks counts and hashes. The server must be stopped for it.

${KEYS_NOTE}`;

/**
 * The target: DB_COPY_TARGET, or an argument without a password. A password on the command line
 * would be readable by every local user in the process list, so such an argument is refused.
 */
function targetOf(args: string[], fromEnv: string | undefined): string {
  const given = args.filter((a) => a !== "--");
  const url =
    fromEnv && given.length === 0 ? fromEnv : oneArgument(args, "DB_COPY_TARGET=postgres://... npm run db:copy");
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new OpsError("Ziel muss eine postgres://-Adresse sein", "the target must be a postgres:// URL");
  if (url !== fromEnv && URL.canParse(url) && new URL(url).password) {
    throw new OpsError(
      "Das Passwort gehört nicht in die Befehlszeile (jeder Benutzer sieht sie in der Prozessliste): DB_COPY_TARGET=postgres://… npm run db:copy",
      "the password does not belong on the command line (every user sees it in the process list): DB_COPY_TARGET=postgres://… npm run db:copy",
    );
  }
  return url;
}

runCli(HELP, async (args) => {
  const config = env();
  const url = targetOf(args, config.dbCopyTarget);
  const source =
    config.archive.kind === "dir"
      ? config.archive
      : { kind: "dir" as const, dir: path.join(config.dataDir, "archive") };
  const inPlace = config.archive.kind === "dir" && config.archive.dir !== path.join(config.dataDir, "archive");
  const target = inPlace ? source : { kind: "database" as const };
  const started = Date.now();
  const hold = holdDataDir(config.dataDir);
  try {
    if (hold.server)
      throw new OpsError(
        "In DATA_DIR läuft ein Server; bitte zuerst beenden",
        "a server runs on DATA_DIR; stop it first",
      );
    await withStaging(async (staging) => {
      const embedded = await openPglite(config.dataDir);
      console.log("Lese die eingebettete Datenbank / reading the embedded database");
      const manifest = await takeSnapshot(
        { engine: embedded.engine, place: source, consistent: embedded.consistent },
        staging,
        config.encryptionKeys,
        (l) => console.log(l),
      ).finally(() => embedded.close());
      const db = await openPostgres(url);
      try {
        await refuseNonEmpty(db, inPlace ? { kind: "database" } : target, "PostgreSQL");
        console.log("Schreibe nach PostgreSQL / writing to PostgreSQL");
        await loadSnapshot(db, target, staging, manifest, terminalProgress(), inPlace);
      } finally {
        await db.close();
      }
      console.log(
        `Kopiert und geprüft / copied and verified: ${manifest.tables.reduce((n, t) => n + t.rows, 0)} Zeilen / rows, ` +
          `${manifest.files.length} Dateien / files (${((Date.now() - started) / 1000).toFixed(1)} s). ` +
          `Jetzt DATABASE_URL setzen / now set DATABASE_URL.`,
      );
    });
  } finally {
    hold.release();
  }
  console.log(KEYS_NOTE);
});
