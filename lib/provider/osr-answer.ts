import { redactText } from "@/lib/redact";

/**
 * An on-site-roles v2 answer read as untrusted input (the on-site-roles specification, 2.7): at most
 * MAX_MESSAGES messages, each field a string cut to its bound, with the values of the people the
 * report named (`quoted`) and any e-mail address replaced (lib/redact.ts): a provider may quote the
 * partner it refuses, and the messages are stored for support. Anything else is dropped. Pure.
 */

export type OsrMessage = { type: string; shortmessage: string; message: string };

export const MAX_MESSAGES = 20;
const BOUNDS = { type: 20, shortmessage: 100, message: 500 } as const;
const MAX_TRANSACTION_ID = 200;

const text = (v: unknown, max: number) =>
  typeof v === "string"
    ? v
        .replace(/[\u0000-\u001f\u007f]+/g, " ")
        .trim()
        .slice(0, max)
    : "";

export function readMessages(answer: unknown, quoted: readonly string[]): OsrMessage[] {
  const list = (answer as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list)) return [];
  const field = (v: unknown, max: number) => (typeof v === "string" ? redactText(v, quoted, max) : "");
  const out: OsrMessage[] = [];
  for (const m of list.slice(0, MAX_MESSAGES)) {
    if (!m || typeof m !== "object") continue;
    const r = m as Record<string, unknown>;
    const message = {
      type: field(r.type, BOUNDS.type) || "error",
      shortmessage: field(r.shortmessage, BOUNDS.shortmessage),
      message: field(r.message, BOUNDS.message),
    };
    if (message.shortmessage || message.message) out.push(message);
  }
  return out;
}

export function readTransactionId(answer: unknown): string | null {
  const id = (answer as { transactionid?: unknown } | null)?.transactionid;
  if (typeof id === "number" && Number.isFinite(id)) return String(id);
  return text(id, MAX_TRANSACTION_ID) || null;
}

/** JSON of an answer's start, or null when it is not JSON (or was cut). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
