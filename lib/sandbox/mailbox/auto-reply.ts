import { randomUUID } from "node:crypto";
import { headerBlock, REPORTING_MTA } from "./dsn";

/**
 * The auto-reply a resident's mailbox at `autoreply.example` sends (RFC 3834): from the resident to the envelope's
 * sender, `Auto-Submitted: auto-replied`, `In-Reply-To` and `References` naming the original Message-ID, the subject
 * after "Automatische Antwort:". Pure: bytes in, bytes out.
 */

/** A field of a header block (unfolded), or undefined. */
function field(header: string, name: string): string | undefined {
  const unfolded = header.replace(/\r\n[ \t]+/g, " ");
  const line = unfolded.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export function autoReply(raw: Buffer, envelope: { resident: string; sender: string }, at = new Date()): Buffer {
  const header = headerBlock(raw);
  const id = /<[^<>\s]{1,500}>/.exec(field(header, "Message-ID") ?? "")?.[0];
  const subject = (field(header, "Subject") ?? "").slice(0, 900);
  const lines = [
    `From: ${envelope.resident}`,
    `To: ${envelope.sender}`,
    `Subject: Automatische Antwort: ${subject}`,
    `Date: ${at.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${randomUUID()}@${REPORTING_MTA}>`,
    ...(id ? [`In-Reply-To: ${id}`, `References: ${id}`] : []),
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    "Vielen Dank für Ihre Nachricht. Ich bin bis auf Weiteres nicht erreichbar und lese meine E-Mails nicht.",
    "",
  ];
  return Buffer.from(lines.join("\r\n"), "utf8");
}
