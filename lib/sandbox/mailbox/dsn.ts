import { randomUUID } from "node:crypto";

/**
 * A delivery status notification as a recipient's mail server sends one back (RFC 3464, RFC 6522): multipart/report
 * with a line for people, the machine-readable message/delivery-status, and the original message's header as
 * text/rfc822-headers (its Message-ID is how the sender finds what came back). Pure: bytes in, bytes out.
 */

export const REPORTING_MTA = "sandbox.arge-inbox.local";
export const MAILER_DAEMON = `MAILER-DAEMON@${REPORTING_MTA}`;
/** The original header block is returned up to this many bytes (a header is rarely more than a few). */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * How a recipient's server refused: final (`failed`) or for now (`delayed`, it tries again), the enhanced status code
 * (RFC 3463) and the SMTP answer behind it.
 */
export type Refusal = { action: "failed" | "delayed"; status: string; diagnostic: string; words: string };

export const USER_UNKNOWN: Refusal = {
  action: "failed",
  status: "5.1.1",
  diagnostic: "smtp; 550 5.1.1 user unknown",
  words: "The recipient's mailbox does not exist (user unknown).",
};
export const MAILBOX_FULL_FOR_NOW: Refusal = {
  action: "delayed",
  status: "4.2.2",
  diagnostic: "smtp; 452 4.2.2 mailbox full",
  words: "The recipient's mailbox is full; delivery will be tried again. You need not send the message again.",
};
export const MAILBOX_FULL: Refusal = {
  action: "failed",
  status: "5.2.2",
  diagnostic: "smtp; 552 5.2.2 mailbox full",
  words: "The recipient's mailbox stayed full; delivery was given up.",
};

/** The header block of a raw message (up to the first empty line), bounded; CRLF line ends. */
export function headerBlock(raw: Buffer): string {
  const text = raw.subarray(0, MAX_HEADER_BYTES).toString("utf8");
  const end = text.search(/\r?\n\r?\n/);
  const header = end < 0 ? text : text.slice(0, end);
  return header.replace(/\r?\n/g, "\r\n");
}

/** An RFC 5322 date. */
const mailDate = (at: Date) => at.toUTCString().replace("GMT", "+0000");

/** The DSN for `recipients` of the message `raw` from `sender` (the envelope's), refused with `refusal`. */
export function deliveryStatusNotification(
  raw: Buffer,
  envelope: { sender: string; recipients: string[] },
  refusal: Refusal,
  at = new Date(),
): Buffer {
  const boundary = `dsn-${randomUUID()}`;
  const perRecipient = envelope.recipients
    .map(
      (r) =>
        `Final-Recipient: rfc822; ${r}\r\nAction: ${refusal.action}\r\nStatus: ${refusal.status}\r\nRemote-MTA: dns; ${REPORTING_MTA}\r\nDiagnostic-Code: ${refusal.diagnostic}\r\n`,
    )
    .join("\r\n");
  const lines = [
    `From: Mail Delivery System <${MAILER_DAEMON}>`,
    `To: ${envelope.sender}`,
    `Subject: ${refusal.action === "failed" ? "Undelivered Mail Returned to Sender" : "Delayed Mail (still being retried)"}`,
    `Date: ${mailDate(at)}`,
    `Message-ID: <${randomUUID()}@${REPORTING_MTA}>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    "This is a MIME-encapsulated message.",
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Ihre Nachricht konnte nicht zugestellt werden. / Your message could not be delivered.",
    "",
    refusal.words,
    "",
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    `Reporting-MTA: dns; ${REPORTING_MTA}`,
    `Arrival-Date: ${mailDate(at)}`,
    "",
    perRecipient,
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    headerBlock(raw),
    "",
    `--${boundary}--`,
    "",
  ];
  return Buffer.from(lines.join("\r\n"), "utf8");
}
