import "server-only";
import { ImapFlow } from "imapflow";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { imapClientOptions, imapMailbox, type ImapServer } from "@/lib/mail-config";
import { instanceId } from "@/lib/ops/instances";
import { onFinish, shutdownSignal } from "@/lib/process/lifecycle";
import { parseDsn } from "./dsn";
import { markBounced } from "./mark";

/**
 * The sender's mailbox read back (docs/api.md, "Bounces"): every MAIL_READ_INTERVAL_SECONDS one round reads the
 * unread messages of MAIL_IMAP_URL's folder (or the sandbox's own Dovecot), at most MAX_MESSAGES of at most MAX_BYTES
 * each, within ROUND_MS; a delivery status notification marks its hand-off `bounced` (mark.ts); every message read is
 * flagged \Seen, so none is read twice (but for a young notification of no hand-off yet: UNMATCHED_MS); the mailbox is
 * the app's: a message a person has read is not read. One instance reads at a time (a lease in mail_read_lease). A
 * mailbox that cannot be read is a warning, never a crash; no address and no text of a message reaches the log.
 */

const MAX_MESSAGES = 100;
const MAX_BYTES = 1024 * 1024;
const ROUND_MS = 30_000;
/** The lease outlives a round by far; a dead instance's runs out. */
const LEASE_MS = 2 * 60_000;
const LEASE = "bounces";

export type RoundOutcome = { read: number; bounced: number };

async function takeLease(db: Db): Promise<boolean> {
  const until = new Date(Date.now() + LEASE_MS).toISOString();
  const rows = rowsOf(
    await db.execute(sql`INSERT INTO mail_read_lease (name, owner, until) VALUES (${LEASE}, ${instanceId()}, ${until}::timestamptz)
      ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until
      WHERE mail_read_lease.until IS NULL OR mail_read_lease.until < now() OR mail_read_lease.owner = excluded.owner
      RETURNING name`),
  );
  return rows.length === 1;
}

async function releaseLease(db: Db): Promise<void> {
  await db.execute(sql`UPDATE mail_read_lease SET until = NULL WHERE name = ${LEASE} AND owner = ${instanceId()}`);
}

/**
 * A final notification whose id names no `sent` hand-off is left unread this long after it arrived: it may have come
 * before the send's outcome was recorded (the relay's answer and the record are not one step); then it is read as
 * any other message.
 */
const UNMATCHED_MS = 10 * 60_000;

/** Reads the unread messages of the open folder: each DSN's hand-off marked; the UIDs read (to flag \Seen). */
async function readUnread(db: Db, client: ImapFlow, outcome: RoundOutcome): Promise<number[]> {
  const found = await client.search({ seen: false }, { uid: true });
  const uids = (found || []).sort((a, b) => a - b).slice(0, MAX_MESSAGES);
  const read: number[] = [];
  if (uids.length === 0) return read;
  const query = { uid: true, internalDate: true, source: { maxLength: MAX_BYTES } };
  for await (const message of client.fetch(uids.join(","), query, { uid: true })) {
    const dsn = message.source ? parseDsn(message.source.subarray(0, MAX_BYTES).toString("utf8")) : null;
    const marked = dsn !== null && (await markBounced(db, dsn));
    const arrived = new Date(message.internalDate ?? 0).getTime();
    if (!marked && dsn?.failed && dsn.messageId && Date.now() - arrived < UNMATCHED_MS) continue;
    if (marked) outcome.bounced += 1;
    read.push(message.uid);
    outcome.read += 1;
  }
  return read;
}

/** One round against `server`, bounded by ROUND_MS (the connection is closed then, and the round fails). */
export async function readRound(db: Db, server: ImapServer): Promise<RoundOutcome> {
  const client = new ImapFlow(imapClientOptions(server));
  client.on("error", () => undefined);
  const timer = setTimeout(() => client.close(), ROUND_MS);
  const outcome: RoundOutcome = { read: 0, bounced: 0 };
  try {
    await client.connect();
    const lock = await client.getMailboxLock(server.mailbox);
    try {
      const read = await readUnread(db, client, outcome);
      if (read.length > 0) await client.messageFlagsAdd(read.join(","), ["\\Seen"], { uid: true });
    } finally {
      lock.release();
    }
    await client.logout();
    return outcome;
  } finally {
    clearTimeout(timer);
    client.close();
  }
}

/** Why a round failed, in a word for the log (imapflow's code, a socket's, or the error's name). */
const why = (err: unknown) => {
  const e = (typeof err === "object" && err !== null ? err : {}) as { code?: unknown; name?: unknown };
  return typeof e.code === "string" ? e.code.slice(0, 40) : typeof e.name === "string" ? e.name : "error";
};

type Reader = { timer?: NodeJS.Timeout; running?: Promise<void>; failing: boolean };
const KEY = Symbol.for("arge-inbox.bounce-reader");
const holder = globalThis as { [KEY]?: Reader };

/** One round if a mailbox is set, none runs here and this instance holds the lease; the outcome in the log. */
async function round(reader: Reader): Promise<void> {
  const server = imapMailbox(env().imap);
  if (!server || shutdownSignal().aborted) return;
  const db = await getDb();
  if (!(await takeLease(db))) return;
  try {
    const outcome = await readRound(db, server);
    if (reader.failing) log().info("sender's mailbox read again");
    reader.failing = false;
    if (outcome.read > 0) log().info(outcome, "sender's mailbox read");
  } catch (err) {
    if (!reader.failing) log().warn({ reason: why(err) }, "sender's mailbox cannot be read; bounces are not seen");
    reader.failing = true;
  } finally {
    await releaseLease(db).catch(() => undefined);
  }
}

/** Runs a round now unless one is under way (then that one's end is awaited). */
export function readMailboxNow(): Promise<void> {
  const reader = (holder[KEY] ??= { failing: false });
  reader.running ??= round(reader)
    .catch((err: unknown) => log().warn({ reason: why(err) }, "mailbox round failed"))
    .finally(() => (reader.running = undefined));
  return reader.running;
}

/** Starts the reader once per process: a round at once, then every MAIL_READ_INTERVAL_SECONDS. */
export function startBounceReader(): void {
  const reader = (holder[KEY] ??= { failing: false });
  if (reader.timer) return;
  reader.timer = setInterval(() => void readMailboxNow(), env().mailReadIntervalMs);
  reader.timer.unref();
  onFinish(async () => {
    clearInterval(reader.timer);
    await reader.running;
  });
  void readMailboxNow();
  // With SANDBOX=1 the sandbox has said where its own mailbox is, or why there is none (lib/sandbox/mailbox/dovecot.ts).
  if (!imapMailbox(env().imap) && env().mail && !env().sandbox)
    console.log(
      "MAIL_IMAP_URL ist nicht gesetzt: Unzustellbarkeitsmeldungen werden nicht gelesen. / MAIL_IMAP_URL is not set: bounces are not read.",
    );
}
