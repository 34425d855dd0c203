import "server-only";
import { ImapFlow } from "imapflow";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { imapClientOptions } from "@/lib/mail-config";
import { onFinish } from "@/lib/process/lifecycle";
import { autoReply } from "./auto-reply";
import { localImap } from "./dovecot";
import {
  deliveryStatusNotification,
  MAILBOX_FULL,
  MAILBOX_FULL_FOR_NOW,
  MAILER_DAEMON,
  USER_UNKNOWN,
  type Refusal,
} from "./dsn";
import { parseMail } from "./receive";
import { keepMail } from "./store";

/**
 * The residents' mail servers the sandbox mailbox plays (docs/sandbox.md, "The residents' mail servers"), by the
 * recipient's domain: `bounce.example` accepts nothing and sends a delivery status notification ("5.1.1 user unknown")
 * to the envelope's sender a moment later; `full.example` accepts nothing, says so for now ("4.2.2 mailbox full",
 * delayed) and gives up after its retries ("5.2.2"); `autoreply.example` delivers and answers with an auto-reply;
 * every other domain delivers. What they send goes into the IMAP mailbox the app reads (MAIL_IMAP_URL, or the
 * sandbox's own Dovecot: dovecot.ts) and into the sandbox's list, marked as the sandbox's own.
 */

/** How long a resident's server takes before it answers; and a full mailbox's retries before it gives up. */
const ANSWER_MS = 200;
const RETRIES_MS = 1500;

type Server = "bounce" | "full" | "autoreply";
const SERVERS: Record<string, Server> = {
  "bounce.example": "bounce",
  "full.example": "full",
  "autoreply.example": "autoreply",
};
const serverOf = (address: string): Server | undefined =>
  SERVERS[address.slice(address.lastIndexOf("@") + 1).toLowerCase()];

/** Whether the server of `address` refuses every message (it is not kept as delivered). */
export const refuses = (address: string): boolean => ["bounce", "full"].includes(serverOf(address) ?? "");

/** The answers under way, awaited at a shutdown. */
const pending = new Set<Promise<void>>();
let awaited = false;

/** Appends `raw` to the mailbox the app reads back, if there is one. */
async function appendToImap(raw: Buffer): Promise<void> {
  const server = env().imap ?? (await localImap());
  if (!server) return;
  const client = new ImapFlow(imapClientOptions(server));
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.append(server.mailbox, raw);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Delivers an answer of a resident's server: into the IMAP mailbox (a failure is one line) and the sandbox's list. */
async function deliver(answer: Buffer, from: string, to: string): Promise<void> {
  await appendToImap(answer).catch((err: unknown) =>
    console.error(
      `sandbox mailbox: an answer of a residents' server could not be put into the IMAP mailbox (${(err as { code?: string }).code ?? (err instanceof Error ? err.name : "error")})`,
    ),
  );
  await keepMail(await getDb(), await parseMail(answer, { from, to: [to] }), { bySandbox: true });
}

/** Runs `work` after `ms`, awaited at a shutdown; a failure is one log line. */
function later(ms: number, work: () => Promise<void>): void {
  if (!awaited) {
    awaited = true;
    onFinish(async () => void (await Promise.allSettled(pending)));
  }
  const done = new Promise<void>((resolve) => setTimeout(resolve, ms))
    .then(work)
    .catch((err: unknown) =>
      console.error(
        `sandbox mailbox: an answer of a residents' server could not be kept (${err instanceof Error ? err.name : "error"})`,
      ),
    )
    .finally(() => pending.delete(done));
  pending.add(done);
}

/**
 * What the residents' servers of `recipients` answer to the message `raw` from `sender`, a moment later; nothing to a
 * message without a sender (a notification itself: RFC 5321 4.5.5). Never throws.
 */
export function answerLater(raw: Buffer, sender: string, recipients: string[]): void {
  if (!sender) return;
  const notify = (refused: string[], refusal: Refusal) => () =>
    deliver(deliveryStatusNotification(raw, { sender, recipients: refused }, refusal), MAILER_DAEMON, sender);
  const unknown = recipients.filter((r) => serverOf(r) === "bounce");
  const full = recipients.filter((r) => serverOf(r) === "full");
  if (unknown.length > 0) later(ANSWER_MS, notify(unknown, USER_UNKNOWN));
  if (full.length > 0) {
    later(ANSWER_MS, notify(full, MAILBOX_FULL_FOR_NOW));
    later(ANSWER_MS + RETRIES_MS, notify(full, MAILBOX_FULL));
  }
  for (const resident of recipients.filter((r) => serverOf(r) === "autoreply"))
    later(ANSWER_MS, () => deliver(autoReply(raw, { resident, sender }), resident, sender));
}
