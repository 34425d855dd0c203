import "server-only";
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { log } from "@/lib/log";

/**
 * DATA_DIR holds residents' data, password hashes and the archived documents, so nobody but the app's user may read it.
 * Its writers run with umask 077 (serve.mjs, the backup commands), and a start tightens whatever it finds wider, made
 * before or by hand, to 0600 and 0700 (README.md, "Personal data"); PGlite makes its files 0666 whatever the umask, so
 * they are tightened again once it opened.
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
