/**
 * A delivery status notification read (RFC 3464, RFC 6522): a `multipart/report; report-type=delivery-status`
 * whose message/delivery-status part says what became of each recipient, and whose text/rfc822-headers (or
 * message/rfc822) part carries the original message's Message-ID, by which the hand-off is found. The bytes are an
 * untrusted stranger's: read bounded by the caller, parsed without a library's guesses, anything unexpected is "not a
 * DSN". Pure.
 */

export type Dsn = {
  /** The original message's Message-ID with its angle brackets, as the sender recorded it; null when absent. */
  messageId: string | null;
  /** The first failed recipient's enhanced status code (RFC 3463), e.g. `5.1.1`. */
  status: string;
  /** Whether it is final (Action: failed or a 5.x.x status); a delay (4.x.x) is not. */
  failed: boolean;
};

type Part = { headers: Map<string, string>; body: string };

/** The header fields of a block (unfolded, names in lower case, the first of each name) and the rest. */
function split(text: string): Part {
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? "" : text.slice(end).replace(/^\r?\n\r?\n/, "");
  return { headers: fields(head), body };
}

/** Header-like fields ("Name: value" lines, continuation lines folded in). */
function fields(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!map.has(name)) map.set(name, line.slice(colon + 1).trim());
  }
  return map;
}

/** A Content-Type's type (lower case) and its parameters. */
function contentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const [type = "", ...rest] = (value ?? "text/plain").split(";");
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq > 0)
      params.set(
        p.slice(0, eq).trim().toLowerCase(),
        p
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, "$1"),
      );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** A part's body decoded from its transfer encoding (7bit, 8bit, quoted-printable, base64). */
function decoded(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable")
    return part.body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return part.body;
}

/** The parts of a multipart body by its boundary (the preamble and epilogue left out). */
function parts(body: string, boundary: string): Part[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const chunks = `\r\n${body}`.split(new RegExp(`\\r?\\n--${escaped}(?:--)?[ \\t]*(?=\\r?\\n|$)`));
  return chunks.slice(1, -1).map((c) => split(c.replace(/^[ \t]*\r?\n/, "")));
}

/** The recipients' groups of a message/delivery-status body (after the per-message group), as fields. */
function recipientGroups(text: string): Map<string, string>[] {
  const groups = text.split(/\r?\n[ \t]*\r?\n/).map(fields);
  return groups.slice(1).filter((g) => g.has("final-recipient") || g.has("status"));
}

const STATUS = /\b([245]\.\d{1,3}\.\d{1,3})\b/;
const MESSAGE_ID = /<[^<>\s]{1,500}>/;

/** The DSN in `raw`, or null when it is none (a reply, a newsletter, a broken message). */
export function parseDsn(raw: string): Dsn | null {
  const top = split(raw);
  const type = contentType(top.headers.get("content-type"));
  const boundary = type.params.get("boundary");
  if (type.type !== "multipart/report" || type.params.get("report-type")?.toLowerCase() !== "delivery-status")
    return null;
  if (!boundary) return null;
  let status: string | undefined;
  let failed = false;
  let messageId: string | null = null;
  for (const part of parts(top.body, boundary)) {
    const partType = contentType(part.headers.get("content-type")).type;
    if (partType === "message/delivery-status" || partType === "message/global-delivery-status") {
      const groups = recipientGroups(decoded(part));
      const group =
        groups.find((g) => g.get("action")?.toLowerCase() === "failed") ??
        groups.find((g) => STATUS.exec(g.get("status") ?? "")?.[1]?.startsWith("5"));
      const chosen = group ?? groups[0];
      status = STATUS.exec(chosen?.get("status") ?? "")?.[1];
      failed = group !== undefined && (status?.startsWith("5") ?? false);
    } else if (partType === "text/rfc822-headers" || partType === "message/rfc822" || partType === "message/global") {
      const id = split(decoded(part)).headers.get("message-id");
      messageId = id ? (MESSAGE_ID.exec(id)?.[0] ?? null) : null;
    }
  }
  return status ? { messageId, status, failed } : null;
}
