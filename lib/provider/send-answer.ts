import { parseXml } from "./schemas";

/**
 * What a provider said to an upload (`POST {base_url}/v1/documents/in`), read liberally: the spec
 * answers a status object `{statustype, code, message}`, but a provider may send it as JSON or
 * XML (any root element, namespaces), wrapped one level deep, with other fields, with `statustype`
 * in any case, or send no body at all. See docs/provider-client.md, "Sending a document".
 */

export type SendStatus = { statustype: string | null; code: string | null; message: string | null };

/**
 * The outcome of one upload. `reason` says why, for the words a person reads: `ok`; `warning`
 * (a 2xx with `statustype` WARNING: sent); `declined` (a 2xx with `statustype` ERROR: the provider
 * said it refused, so not sent); `refused` (a non-2xx answer); `notSent` (no byte left: the guard,
 * DNS, a refused connection); `unseen` (sent, but no answer seen: a timeout or a reset after the
 * request went out, or a 504/408, which say the same).
 */
export type SendOutcome = {
  state: "sent" | "failed" | "unknown";
  reason: "ok" | "warning" | "declined" | "refused" | "notSent" | "unseen";
  status: SendStatus | null;
  httpStatus: number | null;
  /** The provider's own words for a person: the warning, or an excerpt of an error body. */
  text: string | null;
};

/** The longest text of the provider kept with an item (a warning, an error excerpt). */
export const MAX_TEXT_CHARS = 500;
/** How deep a status object is looked for inside an answer (`{result: {status: {...}}}`). */
const MAX_DEPTH = 3;

/** A provider's text made safe to keep and show: control characters removed, space collapsed, bounded. */
export function cleanText(value: string, max = MAX_TEXT_CHARS): string {
  const flat = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const textOf = (v: unknown): string | null => {
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
    const t = cleanText(String(v));
    return t === "" ? null : t;
  }
  return null;
};

/** The status object in a parsed answer: the object itself, or one found a few levels down. */
function findStatus(value: unknown, depth = 0): SendStatus | null {
  if (!value || typeof value !== "object" || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.length === 1 ? findStatus(value[0], depth + 1) : null;
  const byName = new Map(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v]));
  if (byName.has("statustype") || (byName.has("code") && byName.has("message"))) {
    return {
      statustype: textOf(byName.get("statustype")),
      code: textOf(byName.get("code")),
      message: textOf(byName.get("message")),
    };
  }
  for (const inner of byName.values()) {
    const found = findStatus(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The status object of an answer body (JSON or XML, whatever the content type claims), or null. */
export function parseSendStatus(body: string): SendStatus | null {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (text === "") return null;
  try {
    return findStatus(text.startsWith("<") ? parseXml(text) : JSON.parse(text));
  } catch {
    return null;
  }
}

const statusType = (s: SendStatus | null) => (s?.statustype ?? "").trim().toUpperCase();

/** Judges an answer the provider gave (any status, its body read up to a bound). */
export function judgeAnswer(httpStatus: number, body: string): SendOutcome {
  const status = parseSendStatus(body);
  const type = statusType(status);
  if (httpStatus >= 200 && httpStatus < 300) {
    if (type === "ERROR")
      return { state: "failed", reason: "declined", status, httpStatus, text: status?.message ?? null };
    if (type === "WARNING")
      return { state: "sent", reason: "warning", status, httpStatus, text: status?.message ?? null };
    return { state: "sent", reason: "ok", status, httpStatus, text: null };
  }
  // A gateway that gave up waiting, or a provider that says the request took too long: the
  // upload may have arrived all the same.
  if (httpStatus === 504 || httpStatus === 408)
    return { state: "unknown", reason: "unseen", status, httpStatus, text: null };
  const excerpt = status ? (status.message ?? null) : cleanText(body) || null;
  return { state: "failed", reason: "refused", status, httpStatus, text: excerpt };
}

/** No answer: `sent` says whether any byte may have reached the provider. */
export function judgeNoAnswer(sent: boolean): SendOutcome {
  return sent
    ? { state: "unknown", reason: "unseen", status: null, httpStatus: null, text: null }
    : { state: "failed", reason: "notSent", status: null, httpStatus: null, text: null };
}
