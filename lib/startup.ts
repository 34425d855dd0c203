import "server-only";
import path from "node:path";
import "@/lib/catalogue";
import { ConfigError, env, letAuthUseRequestHost } from "@/lib/env";
import { getDb } from "@/lib/db/client";
import { safeErrorMessage } from "@/lib/log";
import { markStarted } from "@/lib/process/lifecycle";
import { ensureAdmin } from "@/lib/users/users";

/**
 * Runs once when the server starts (instrumentation.ts): configuration, migrations, the admin
 * of ADMIN_EMAIL; readiness answers `ready` only after all of it. A bad configuration ends the
 * process with a message, never a stack trace.
 */
export async function startServer(): Promise<void> {
  let config;
  try {
    config = env();
    if (config.testHooks) (await import("@/lib/ops/test-hooks")).startTestHooks();
    if (config.testScryptN) (await import("@/lib/auth/password")).useScryptCostForTests(config.testScryptN);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  letAuthUseRequestHost();
  // Before anything can change the register: its changes queue their reports (lib/register/reporter.ts).
  (await import("@/lib/onsite-roles/enqueue")).reportRegisterChanges();
  if (!config.linkOrigin)
    console.warn(
      "PUBLIC_URL ist nicht gesetzt: Briefe und E-Mails können keinen Portal-Link enthalten. Setzen Sie die Adresse, unter der Bewohner die Anwendung erreichen, z. B. PUBLIC_URL=https://inbox.example.de / " +
        "PUBLIC_URL is not set: letters and e-mails cannot carry a portal link. Set the address residents reach the app at, e.g. PUBLIC_URL=https://inbox.example.de",
    );
  try {
    const { tightenDataDir } = await import("@/lib/ops/private-files");
    tightenDataDir(config.dataDir);
    if (!config.databaseUrl) (await import("@/lib/ops/backup/datadir")).claimDataDir(config.dataDir, config.port);
    const db = await getDb();
    // The embedded database makes its files 0666 whatever the umask: tightened once they exist (DATA_DIR itself is
    // 0700).
    if (!config.databaseUrl) tightenDataDir(path.join(config.dataDir, "pglite"), { quiet: true });
    if (config.admin) await ensureAdmin(db, config.admin);
    await (await import("@/lib/archive/space")).removeArchiveLeftovers(db);
    if (config.sandbox) await (await import("@/lib/sandbox/startup")).initSandbox();
    // A sync announces its end (lib/events.ts); the register learns billing units and queues reports from it.
    (await import("@/lib/onsite-roles/linked")).reportAfterSyncs();
    await (await import("@/lib/delivery/scheduler")).startScheduler();
    (await import("@/lib/onsite-roles/loop")).startReportSender();
    // After the sandbox: its own IMAP server, when it runs, is the mailbox read back.
    (await import("@/lib/handoffs/bounces/reader")).startBounceReader();
    (await import("@/lib/register/retention")).startRetention(db);
    markStarted();
  } catch (err) {
    console.error(`\nDatenbank nicht bereit / database not ready: ${safeErrorMessage(err)}\n`);
    process.exit(1);
  }
}
