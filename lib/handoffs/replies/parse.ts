import { simpleParser, type HeaderValue, type ParsedMail } from "mailparser";
import type { ReplyKind } from "@/lib/handoff-replies";

/**
 * A message of the sender's mailbox read as a reply to one of our e-mails (docs/api.md, "Bounces"): which of our
 * Message-IDs it answers (In-Reply-To, References), whether a machine answered (an auto-reply: `Auto-Submitted` other
 * than `no`, RFC 3834; or the usual markers `X-Autoreply`, `X-Autorespond`, `Precedence: auto_reply`) or a person,
 * and its subject and plain text, bounded (HTML turned into text; no attachment kept). The bytes are a stranger's,
 * bounded by the caller. Pure but for the parser's own work.
 */

/** The text kept of a reply, and of its subject (an RFC 5322 line). */
export const MAX_REPLY_TEXT = 4000;
const MAX_SUBJECT = 998;
/** Message-IDs read from References (the newest last, RFC 5322): the last few are enough to find ours. */
const MAX_REFERENCES = 20;
const MESSAGE_ID = /<[^<>\s]{1,500}>/g;

export type Reply = {
  kind: ReplyKind;
  /** Our Message-IDs it may answer, with angle brackets, In-Reply-To first. */
  answers: string[];
  /** Its own Message-ID, null when absent. */
  messageId: string | null;
  /** Its Date, else when the mailbox received it. */
  at: Date;
  subject: string;
  text: string;
};

/** Text the database can keep (no NUL), at most `max` characters, whitespace runs of blank lines kept short. */
const clip = (value: string, max: number) =>
  value
    .replaceAll("\u0000", "")
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, max);

const headerText = (value: HeaderValue | undefined): string =>
  typeof value === "string" ? value : value && "value" in value && typeof value.value === "string" ? value.value : "";

/** Whether a machine answered: RFC 3834's Auto-Submitted, or the markers older responders set. */
export function isAutoReply(headers: Map<string, HeaderValue>): boolean {
  const submitted = headerText(headers.get("auto-submitted")).trim().toLowerCase();
  if (submitted && !submitted.startsWith("no")) return true;
  if (headers.has("x-autoreply") || headers.has("x-autorespond") || headers.has("x-autoresponder")) return true;
  return headerText(headers.get("precedence")).trim().toLowerCase() === "auto_reply";
}

/** The Message-IDs of In-Reply-To, then References' newest first, without repeats. */
function answered(parsed: ParsedMail): string[] {
  const inReplyTo = parsed.inReplyTo?.match(MESSAGE_ID) ?? [];
  const refs = [parsed.references ?? []].flat().flatMap((r) => r.match(MESSAGE_ID) ?? []);
  return [...new Set([...inReplyTo, ...refs.reverse()])].slice(0, MAX_REFERENCES);
}

/** The message `raw` (received at `received`) as a reply; `answers` is empty when it names no message it answers. */
export async function parseReply(raw: Buffer, received: Date): Promise<Reply> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const answers = answered(parsed);
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : received;
  return {
    kind: isAutoReply(parsed.headers) ? "autoReply" : "reply",
    answers,
    messageId: parsed.messageId?.match(MESSAGE_ID)?.[0] ?? null,
    // A date from the sender's clock far in the future reads as the mailbox's.
    at: date.getTime() > received.getTime() + 24 * 3600_000 ? received : date,
    subject: clip(parsed.subject ?? "", MAX_SUBJECT),
    text: clip(parsed.text ?? "", MAX_REPLY_TEXT),
  };
}
