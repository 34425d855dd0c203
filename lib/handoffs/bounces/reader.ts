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
import { parseReply } from "../replies/parse";
import { keepReply } from "../replies/store";
import { parseDsn } from "./dsn";
import { healthFailed, healthOk, LEASE } from "@/lib/ops/mailbox-health";
import { markBounced } from "./mark";

/**
 * The sender's mailbox read back (docs/api.md, "Bounces"): every MAIL_READ_INTERVAL_SECONDS one round reads the
 * unread messages of MAIL_IMAP_URL's folder (or the sandbox's own Dovecot), at most MAX_MESSAGES of at most MAX_BYTES
 * each, within ROUND_MS; a delivery status notification marks its hand-off `bounced` (mark.ts); a reply naming the
 * Message-ID of an e-mail hand-off is kept on its unit (../replies); each is flagged \Seen, as is an auto-reply of no
 * hand-off, so none is read twice (but for a young message of no hand-off yet: UNMATCHED_MS). Anything else (a
 * person's mail, a resident's reply of no hand-off) stays unread for a person, flagged LEFT so that the reader passes it
 * by. One instance reads at a time (a lease in mail_read_lease), and the lease's row keeps the reader's health for
 * every instance (health.ts). A mailbox that cannot be read is a warning, never a crash; no address and no text of a
 * message reaches the log.
 */

const MAX_MESSAGES = 100;
const MAX_BYTES = 1024 * 1024;
const ROUND_MS = 30_000;
/** The lease outlives a round by far; a dead instance's runs out. */
const LEASE_MS = 2 * 60_000;
/** The keyword of a message read and left for a person (unread): the next rounds pass it by. */
const LEFT = "$ArgeInboxLeft";

export type RoundOutcome = { read: number; bounced: number; replies: number; left: number };
/** What `readMailboxNow` answers: a round's outcome, its failure's reason, or why none ran here. */
export type MailboxRound =
  ({ state: "read" } & RoundOutcome) | { state: "failed"; reason: string } | { state: "busy" } | { state: "off" };

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
 * A final notification or a reply whose id names no hand-off is left unread this long after it arrived: it may have come
 * before the send's outcome was recorded (the relay's answer and the record are not one step); then it is read as any
 * other message.
 */
const UNMATCHED_MS = 10 * 60_000;

type Taken = "read" | "left" | "later";

/** One message: a DSN's hand-off marked, a reply kept; whether it is read (\Seen), left for a person, or kept for later. */
async function take(db: Db, source: Buffer, arrived: Date, outcome: RoundOutcome): Promise<Taken> {
  const young = Date.now() - arrived.getTime() < UNMATCHED_MS;
  const dsn = parseDsn(source.toString("utf8"));
  if (dsn) {
    const marked = await markBounced(db, dsn);
    if (!marked && dsn.failed && dsn.messageId && young) return "later";
    if (marked) outcome.bounced += 1;
    return "read";
  }
  const reply = await parseReply(source, arrived);
  if (await keepReply(db, reply)) {
    outcome.replies += 1;
    return "read";
  }
  if (reply.answers.length > 0 && young) return "later";
  return reply.kind === "autoReply" ? "read" : "left";
}

/** Reads the unread messages of the open folder not left before: the UIDs to flag \Seen and those left for a person. */
async function readUnread(db: Db, client: ImapFlow, outcome: RoundOutcome) {
  const found = await client.search({ seen: false, unKeyword: LEFT }, { uid: true });
  const uids = (found || []).sort((a, b) => a - b).slice(0, MAX_MESSAGES);
  const taken = { read: [] as number[], left: [] as number[] };
  if (uids.length === 0) return taken;
  const query = { uid: true, internalDate: true, source: { maxLength: MAX_BYTES } };
  for await (const message of client.fetch(uids.join(","), query, { uid: true })) {
    const arrived = new Date(message.internalDate ?? 0);
    const what = message.source ? await take(db, message.source.subarray(0, MAX_BYTES), arrived, outcome) : "read";
    if (what === "later") continue;
    taken[what].push(message.uid);
    outcome[what] += 1;
  }
  return taken;
}

/** One round against `server`, bounded by ROUND_MS (the connection is closed then, and the round fails). */
export async function readRound(db: Db, server: ImapServer): Promise<RoundOutcome> {
  const client = new ImapFlow(imapClientOptions(server));
  client.on("error", () => undefined);
  const timer = setTimeout(() => client.close(), ROUND_MS);
  const outcome: RoundOutcome = { read: 0, bounced: 0, replies: 0, left: 0 };
  try {
    await client.connect();
    const lock = await client.getMailboxLock(server.mailbox);
    try {
      const { read, left } = await readUnread(db, client, outcome);
      if (read.length > 0) await client.messageFlagsAdd(read.join(","), ["\\Seen"], { uid: true });
      // A server that keeps no keywords of its own reads these again each round: bounded by MAX_MESSAGES.
      if (left.length > 0) await client.messageFlagsAdd(left.join(","), [LEFT], { uid: true }).catch(() => false);
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

type Reader = { timer?: NodeJS.Timeout; running?: Promise<MailboxRound> };
const KEY = Symbol.for("arge-inbox.bounce-reader");
const holder = globalThis as { [KEY]?: Reader };

/** One round if a mailbox is set and this instance holds the lease; its health on the lease's row, a change logged. */
async function round(): Promise<MailboxRound> {
  const server = imapMailbox(env().imap);
  if (!server || shutdownSignal().aborted) return { state: "off" };
  const db = await getDb();
  if (!(await takeLease(db))) return { state: "busy" };
  try {
    const outcome = await readRound(db, server);
    if (await healthOk(db)) log().info("sender's mailbox read again");
    if (outcome.read + outcome.left > 0) log().info(outcome, "sender's mailbox read");
    return { state: "read", ...outcome };
  } catch (err) {
    const reason = why(err);
    const before = await healthFailed(db, reason).catch(() => false);
    if (!before) log().warn({ reason }, "sender's mailbox cannot be read; bounces are not seen");
    return { state: "failed", reason };
  } finally {
    await releaseLease(db).catch(() => undefined);
  }
}

/** Runs a round now unless one is under way (then that one's outcome is awaited); never throws. */
export function readMailboxNow(): Promise<MailboxRound> {
  const reader = (holder[KEY] ??= {});
  reader.running ??= round()
    .catch((err: unknown): MailboxRound => {
      log().warn({ reason: why(err) }, "mailbox round failed");
      return { state: "failed", reason: why(err) };
    })
    .finally(() => (reader.running = undefined));
  return reader.running;
}

/** Starts the reader once per process: a round at once, then every MAIL_READ_INTERVAL_SECONDS. */
export function startBounceReader(): void {
  const reader = (holder[KEY] ??= {});
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
