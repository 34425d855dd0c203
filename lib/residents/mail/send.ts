import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { MailConfig } from "@/lib/mail-config";
import { failureOf, type MailFailure } from "@/lib/residents/mail/failure";

/**
 * The e-mail transport (docs/api.md, "E-mail"): one message to one recipient through SMTP_URL,
 * from MAIL_FROM, attempted once. The answer says what the SMTP server said; nothing here retries,
 * so a caller that records an intent first never sends twice by accident.
 */

export type MailAttachment = { filename: string; content: Buffer; contentType?: string };
export type OutgoingMail = { to: string; subject: string; text: string; attachments?: MailAttachment[] };
export type MailResult = { state: "sent"; messageId: string } | { state: "failed"; reason: MailFailure };

/** Whether the e-mail channel is on (SMTP_URL is set); when it is off, sendMail answers `failed` with `off`. */
export const isMailEnabled = (): boolean => env().mail !== undefined;

let cached: { config: MailConfig; transporter: Transporter } | undefined;

/**
 * One transport for the process's configuration. Every send opens its own connection, bounded by
 * the configured timeouts (the name lookup by the connection's). nodemailer logs nothing (it would
 * write addresses), and may not read files or URLs named in a message: attachments are bytes only.
 */
function transporter(config: MailConfig): Transporter {
  if (cached?.config !== config) {
    const { host, port, secure, auth, timeouts, requireTLS } = config.smtp;
    const transport = nodemailer.createTransport(
      {
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
      },
      { from: config.from },
    );
    cached = { config, transporter: transport };
  }
  return cached.transporter;
}

/** Sends one message; never throws. The log names the outcome and the SMTP code, never the recipient or the text. */
export async function sendMail(mail: OutgoingMail): Promise<MailResult> {
  const config = env().mail;
  if (!config) return { state: "failed", reason: { kind: "off" } };
  try {
    const info = await transporter(config).sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachments ?? [],
    });
    log().info({ outcome: "sent" }, "e-mail sent");
    return { state: "sent", messageId: String(info.messageId) };
  } catch (err) {
    const reason = failureOf(err, mail.to);
    log().warn({ outcome: reason.kind, smtpCode: "code" in reason ? reason.code : undefined }, "e-mail not sent");
    return { state: "failed", reason };
  }
}
