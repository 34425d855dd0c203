import "server-only";
import { desc, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxMail, type MailAttachment } from "@/lib/db/schema/sandbox-mail";

/**
 * Where the mailbox keeps what it received: the database, like the sandbox's state, fault rules
 * and request log (docs/sandbox.md). Every instance's control API and page then show one mailbox,
 * whichever instance's SMTP port took a message, and it outlives a restart as they do.
 */

/** The mailbox keeps this many messages; an older one goes as a new one arrives. */
export const KEEP = 1000;

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: MailAttachment[];
  /** The header lines KEPT_HEADERS of receive.ts names, by lower-case name (absent: none of them). */
  headers?: Record<string, string>;
};
/** `bySandbox`: the sandbox sent it itself (a delivery status notification of residents.ts). */
export type StoredMail = ReceivedMail & { at: string; bySandbox: boolean };

/**
 * Keeps one message; every 100th lets those beyond the last KEEP go (the list shows KEEP at most),
 * so a message costs one statement, as an entry of the request log does.
 */
export async function keepMail(db: Db, mail: ReceivedMail, options: { bySandbox?: boolean } = {}): Promise<void> {
  const [row] = await db
    .insert(sandboxMail)
    .values({
      sender: mail.from,
      recipients: mail.to,
      subject: mail.subject,
      body: mail.text,
      attachments: mail.attachments,
      headers: mail.headers ?? {},
      bySandbox: options.bySandbox ?? false,
    })
    .returning({ id: sandboxMail.id });
  if (row && row.id % 100 === 0) await db.delete(sandboxMail).where(lte(sandboxMail.id, row.id - KEEP));
}

/** The messages kept, oldest first (`GET /sandbox/api/mail`). */
export async function listMail(db: Db): Promise<StoredMail[]> {
  const rows = await db.select().from(sandboxMail).orderBy(desc(sandboxMail.id)).limit(KEEP);
  return rows.reverse().map((r) => ({
    at: r.at.toISOString(),
    from: r.sender,
    to: r.recipients,
    subject: r.subject,
    text: r.body,
    attachments: r.attachments,
    headers: r.headers,
    bySandbox: r.bySandbox,
  }));
}

export async function clearMail(db: Db): Promise<void> {
  await db.delete(sandboxMail);
}
