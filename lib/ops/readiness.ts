import "server-only";
import { constants } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { latestMigration } from "@/lib/db/migrate";
import { rowsOf } from "@/lib/db/rows";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { currentUser } from "@/lib/auth/session";
import { mailboxCheck, type MailboxCheck } from "@/lib/ops/mailbox-health";
import { imapMailbox } from "@/lib/mail-config";
import { phase, type Phase } from "@/lib/process/lifecycle";

/**
 * GET /api/ready (docs/api.md): ready once start-up is done, while the database answers with
 * every migration applied and the archive's directory can be written. The answer names only the
 * state; which check failed goes to the log, once per change. An admin's session adds `detail`: the checks that
 * warn without making the instance unready (the sender's mailbox: docs/api.md, "Bounces").
 */

export type Readiness = Phase | "unavailable";

/** Each check's bound: a load balancer asks often and must not wait on a hung disk or database. */
const CHECK_MS = 2000;

/** One look at a time: while a hung check is still under way, callers share it instead of piling up. */
function singleFlight(check: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= check().finally(() => (running = undefined)));
}

/** Whether `check` succeeded within CHECK_MS (a check still running then counts as failed). */
async function passes(check: Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_MS)));
  try {
    return await Promise.race([check.then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const checkDatabase = singleFlight(async () => {
  const db = await getDb();
  const rows = rowsOf(await db.execute(sql`SELECT 1 FROM schema_migrations WHERE version = ${latestMigration()}`));
  if (rows.length !== 1) throw new Error("migrations not applied");
});

// The directory is made on demand by the first archived file, so a missing one is made here too.
const checkArchive = singleFlight(async () => {
  const { archive } = env();
  if (archive.kind !== "dir") return; // in the database: its check covers the archive
  await mkdir(archive.dir, { recursive: true });
  await access(archive.dir, constants.R_OK | constants.W_OK);
});

let lastFailed = "";

export async function readiness(): Promise<Readiness> {
  if (phase() !== "ready") return phase();
  const [database, archive] = await Promise.all([passes(checkDatabase()), passes(checkArchive())]);
  const failed = [!database && "database", !archive && "archive"].filter(Boolean).join(", ");
  if (failed !== lastFailed) {
    if (failed) log().warn({ failed }, "not ready: a check failed or took longer than 2 s");
    else log().info("ready again: database and archive answer");
    lastFailed = failed;
  }
  // A drain may have begun while the checks ran.
  return failed ? "unavailable" : phase();
}

/** What an admin sees beside the state: checks that warn, never failing the readiness. */
export type ReadinessDetail = { mailbox: MailboxCheck };

/** The detail for an admin's session, else (or when it cannot be read) none. */
export async function readinessDetail(): Promise<ReadinessDetail | undefined> {
  try {
    const user = await currentUser();
    if (user?.role !== "admin") return undefined;
    return { mailbox: await mailboxCheck(await getDb(), imapMailbox(env().imap) !== undefined) };
  } catch {
    return undefined;
  }
}
