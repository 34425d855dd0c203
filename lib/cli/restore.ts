/**
 * `npm run restore -- FILE [--allow-unsigned]`: a backup of lib/cli/backup.ts into an empty DATA_DIR or database. The
 * signed manifest is checked before anything is written, so an altered backup plants nothing, and every row and file of
 * the target after; --allow-unsigned takes a file without a valid signature (README.md, "Backups").
 */
import path from "node:path";
import { env } from "@/lib/env";
import { KEYS_NOTE, oneArgument, runCli, terminalProgress } from "@/lib/ops/backup/cli";
import { holdDataDir } from "@/lib/ops/backup/datadir";
import { openPglite, openPostgres } from "@/lib/ops/backup/engines";
import { loadSnapshot, refuseNonEmpty } from "@/lib/ops/backup/load";
import { OpsError, verifyStaging } from "@/lib/ops/backup/manifest";
import { unpackFile, withStaging } from "@/lib/ops/backup/pack";
import { checkSignature, signatureProblem, type SignatureCheck } from "@/lib/ops/backup/signature";

const ALLOW_UNSIGNED = "--allow-unsigned";

const HELP = `npm run restore -- DATEI / FILE [${ALLOW_UNSIGNED}]

Spielt eine Sicherung in ein leeres DATA_DIR (eingebettete Datenbank) oder eine leere Datenbank
unter DATABASE_URL zurück und prüft ihre Signatur (mit einem der ENCRYPTION_KEYS) und jede
Prüfsumme. / Restores a backup into an empty DATA_DIR (embedded database) or an empty database at
DATABASE_URL and checks its signature (by one of ENCRYPTION_KEYS) and every hash.

${ALLOW_UNSIGNED}: auch ohne gültige Signatur zurückspielen (eine Sicherung älterer Versionen, oder
nach verlorenen Schlüsseln), nur wenn sicher ist, dass die Datei unverändert die eigene ist. / also
without a valid signature (a backup of an older version, or after the keys were lost), only when
it is certain that the file is your own, unaltered.

${KEYS_NOTE}`;

/** Refuses a backup without a valid signature, or only warns with --allow-unsigned. */
function requireSigned(check: SignatureCheck, allowUnsigned: boolean): void {
  if (check.state === "valid") return;
  if (!allowUnsigned) throw signatureProblem(check, true);
  console.warn(`\nWARNUNG / WARNING (${ALLOW_UNSIGNED}): ${signatureProblem(check, false).message}\n`);
}

runCli(HELP, async (args) => {
  const allowUnsigned = args.includes(ALLOW_UNSIGNED);
  const file = path.resolve(
    oneArgument(
      args.filter((a) => a !== ALLOW_UNSIGNED),
      `npm run restore -- FILE [${ALLOW_UNSIGNED}]`,
    ),
  );
  const config = env();
  const started = Date.now();
  await withStaging(async (staging) => {
    await unpackFile(file, staging);
    const signature = await checkSignature(staging, config.encryptionKeys);
    requireSigned(signature, allowUnsigned);
    const manifest = await verifyStaging(staging);
    const signed =
      signature.state === "valid"
        ? `signiert / signed (${signature.kid})`
        : "ohne gültige Signatur / without a valid signature";
    console.log(
      `Sicherung geprüft / backup verified: Schema ${manifest.schemaVersion}, ${manifest.createdAt}, ${signed}`,
    );
    const hold = config.databaseUrl ? undefined : holdDataDir(config.dataDir);
    try {
      if (hold?.server)
        throw new OpsError(
          "In DATA_DIR läuft ein Server; bitte zuerst beenden",
          "a server runs on DATA_DIR; stop it first",
        );
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
