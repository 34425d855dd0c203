import "server-only";
import { ImapFlow } from "imapflow";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { imapClientOptions } from "@/lib/mail-config";
import { onFinish } from "@/lib/process/lifecycle";
import { localImap } from "./dovecot";
import { deliveryStatusNotification, MAILER_DAEMON, USER_UNKNOWN } from "./dsn";
import { parseMail } from "./receive";
import { keepMail } from "./store";

/**
 * The residents' mail servers the sandbox mailbox plays (docs/sandbox.md, "The residents' mail servers"), by the
 * recipient's domain: `bounce.example` accepts nothing and sends a delivery status notification ("5.1.1 user unknown")
 * back to the envelope's sender a moment later; every other domain delivers. The notification goes into the IMAP
 * mailbox the app reads (MAIL_IMAP_URL, or the sandbox's own Dovecot: dovecot.ts) and into the sandbox's list, marked
 * as the sandbox's own.
 * TODO(issue #47): `full.example` (4.2.2, then 5.2.2 after retries) and `autoreply.example` (an auto-reply).
 */

/** How long a refusing server takes before its notification is sent. */
const BOUNCE_DELAY_MS = 200;

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** Whether the server of `address` refuses every message. */
export const refuses = (address: string): boolean => domainOf(address) === "bounce.example";

/** The notifications under way, awaited at a shutdown. */
const pending = new Set<Promise<void>>();
let awaited = false;

/** Appends `raw` to the mailbox the app reads back, if there is one; whether it went in. */
async function appendToImap(raw: Buffer): Promise<boolean> {
  const server = env().imap ?? (await localImap());
  if (!server) return false;
  const client = new ImapFlow(imapClientOptions(server));
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.append(server.mailbox, raw);
    return true;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function notify(raw: Buffer, sender: string, refused: string[]): Promise<void> {
  const dsn = deliveryStatusNotification(raw, { sender, recipients: refused }, USER_UNKNOWN);
  await appendToImap(dsn).catch((err: unknown) =>
    console.error(
      `sandbox mailbox: a delivery status notification could not be put into the IMAP mailbox (${(err as { code?: string }).code ?? (err instanceof Error ? err.name : "error")})`,
    ),
  );
  await keepMail(await getDb(), await parseMail(dsn, { from: MAILER_DAEMON, to: [sender] }), { bySandbox: true });
}

/**
 * Sends the notification for the `refused` recipients of `raw` to `sender` after a moment; nothing for a message
 * without a sender (a notification itself: RFC 5321 4.5.5). Never throws: a failure is one log line.
 */
export function bounceLater(raw: Buffer, sender: string, refused: string[]): void {
  if (!sender || refused.length === 0) return;
  if (!awaited) {
    awaited = true;
    onFinish(async () => void (await Promise.allSettled(pending)));
  }
  const work = new Promise<void>((resolve) => setTimeout(resolve, BOUNCE_DELAY_MS))
    .then(() => notify(raw, sender, refused))
    .catch((err: unknown) =>
      console.error(
        `sandbox mailbox: a delivery status notification could not be kept (${err instanceof Error ? err.name : "error"})`,
      ),
    )
    .finally(() => pending.delete(work));
  pending.add(work);
}
