import "server-only";
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { log } from "@/lib/log";

/**
 * DATA_DIR holds residents' names and addresses, password hashes and the archived documents (in
 * the embedded database's files and its write-ahead log): nobody but the app's own user reads it.
 * The processes that write there run with a umask of 077 (lib/cli/serve.mjs, the backup commands),
 * so what they create is 0600 (folders 0700); a start that finds DATA_DIR or anything in it wider
 * (made before, or by hand) tightens it and says how much it changed. The embedded database's own
 * files (made 0666 by PGlite whatever the umask) are tightened once more after it opened, quietly.
 */
export function tightenDataDir(dataDir: string, { quiet = false } = {}): void {
  let changed = 0;
  const visit = (entry: string) => {
    const stat = lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(entry, stat.mode & 0o700);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dataDir);
  if (changed > 0 && !quiet)
    log().warn(
      { dataDir, changed },
      "DATA_DIR was readable by other users: its folders are now 0700 and its files 0600",
    );
}
