import "server-only";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { simpleParser } from "mailparser";
import type { ReceivedMail } from "./store";

/** Largest message the mailbox takes (advertised as SIZE); a larger one is refused with 552. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** A message's text is kept up to this many characters: enough to read any letter, bounded for 1000 messages. */
const MAX_TEXT = 100_000;
/** An RFC 5322 line's limit: a subject or sender longer than a line is not a letter's. */
const MAX_LINE = 998;

/** Text the database can keep (PostgreSQL refuses NUL in text and jsonb), at most `max` characters. */
const clip = (value: string, max: number) => value.replaceAll("\u0000", "").slice(0, max);

/**
 * A message's bytes as they arrive, or null once they pass `limit`: the rest is read and dropped,
 * so an oversized message costs no more memory than a full one, and the SMTP dialogue goes on.
 */
export async function readBounded(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total <= limit) chunks.push(chunk);
    else chunks.length = 0;
  }
  return total <= limit ? Buffer.concat(chunks, total) : null;
}

/** Header lines the mailbox keeps, for tests of a resident's mail (RFC 8058's one-click objection). */
const KEPT_HEADERS = new Set(["list-unsubscribe", "list-unsubscribe-post"]);

/**
 * What the mailbox keeps of a message: the From header as written (else the envelope's sender),
 * the envelope's recipients (whom the message was delivered to), subject, plain text (mailparser
 * derives it from HTML when there is none), and each attachment's name, type, size and SHA-256.
 */
export async function parseMail(raw: Buffer, envelope: { from: string; to: string[] }): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  return {
    from: clip(parsed.from?.text || envelope.from, MAX_LINE),
    to: envelope.to.map((a) => clip(a, MAX_LINE)),
    subject: clip(parsed.subject ?? "", MAX_LINE),
    text: clip(parsed.text ?? "", MAX_TEXT),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ? clip(a.filename, 255) : null,
      contentType: clip(a.contentType, 255),
      size: a.content.length,
      sha256: createHash("sha256").update(a.content).digest("hex"),
    })),
    headers: Object.fromEntries(
      parsed.headerLines
        .filter((h) => KEPT_HEADERS.has(h.key))
        .map((h) => [
          h.key,
          clip(
            h.line
              .slice(h.line.indexOf(":") + 1)
              .replace(/\r?\n[ \t]+/g, " ")
              .trim(),
            MAX_LINE,
          ),
        ]),
    ),
  };
}
