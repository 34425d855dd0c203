import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { MailConfig } from "@/lib/mail-config";
import { failureOf, type MailFailure } from "@/lib/handoffs/mail/failure";

/**
 * The e-mail transport (docs/api.md, "E-mail"): one message to one recipient through SMTP_URL,
 * from MAIL_FROM, attempted once. The answer says what the SMTP server said; nothing here retries,
 * so a caller that records an intent first never sends twice by accident.
 */

export type MailAttachment = { filename: string; content: Buffer; contentType?: string };
/** `headers`: extra header lines, such as RFC 8058's List-Unsubscribe of a resident's mail (lib/handoffs/consent). */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
};
export type MailResult = { state: "sent"; messageId: string } | { state: "failed"; reason: MailFailure };

/** Whether the e-mail channel is on (SMTP_URL is set); when it is off, sendMail answers `failed` with `off`. */
export const isMailEnabled = (): boolean => env().mail !== undefined;

let cached: { config: MailConfig; transporter: Transporter } | undefined;

/** At most this many SMTP connections at once, each used for this many messages before a new one. */
const POOL = { maxConnections: 2, maxMessages: 100 } as const;
/** The pool is closed when no message was sent for this long: a run's messages share it, idle hours do not. */
const IDLE_MS = 1000;

let inFlight = 0;
let idle: NodeJS.Timeout | undefined;

/** Closes the pool's connections (QUIT); the next message opens a new one. Scripts call it before they exit. */
export function closeMail(): void {
  clearTimeout(idle);
  cached?.transporter.close();
  cached = undefined;
}

/**
 * One transport for the process's configuration: a pool of connections that stay open between
 * messages, bounded by the configured timeouts (the name lookup by the connection's). A message whose
 * connection drops is never sent again by the pool (`maxRequeues: 0`). nodemailer logs nothing (it
 * would write addresses), may not read files or URLs named in a message: attachments are bytes only.
 */
function transporter(config: MailConfig): Transporter {
  if (cached?.config !== config) {
    cached?.transporter.close();
    const { host, port, secure, auth, timeouts, requireTLS } = config.smtp;
    // maxRequeues is nodemailer's (lib/smtp-pool) but missing from its types.
    const options: SMTPPool.Options & { maxRequeues: number } = {
      pool: true,
      ...POOL,
      maxRequeues: 0,
      host,
      port,
      secure,
      requireTLS: requireTLS ?? false,
      auth,
      ...timeouts,
      dnsTimeout: timeouts.connectionTimeout,
      logger: false,
      debug: false,
      disableFileAccess: true,
      disableUrlAccess: true,
    };
    const transport = nodemailer.createTransport(options, { from: config.from });
    cached = { config, transporter: transport };
  }
  return cached.transporter;
}

/** Sends one message; never throws. The log names the outcome and the SMTP code, never the recipient or the text. */
export async function sendMail(mail: OutgoingMail): Promise<MailResult> {
  const config = env().mail;
  if (!config) return { state: "failed", reason: { kind: "off" } };
  clearTimeout(idle);
  inFlight += 1;
  try {
    const info = await transporter(config).sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments ?? [],
      ...(mail.headers && { headers: mail.headers }),
    });
    // One line per action: the hand-off's request has its access line; each of its mails is a detail (a failure warns).
    log().debug({ outcome: "sent" }, "e-mail sent");
    return { state: "sent", messageId: String(info.messageId) };
  } catch (err) {
    const reason = failureOf(err, mail.to);
    log().warn({ outcome: reason.kind, smtpCode: "code" in reason ? reason.code : undefined }, "e-mail not sent");
    return { state: "failed", reason };
  } finally {
    inFlight -= 1;
    if (inFlight === 0) idle = setTimeout(closeMail, IDLE_MS).unref();
  }
}
