import type { MessageKey, MessageVars } from "@/lib/i18n/messages";

/**
 * A failed send's stored reason (lib/handoffs/mail/failure.ts: `{kind, code?, text?}`, kept in the record
 * and in the audit event) in the reader's words: for the hand-off's answer, the monthly view and
 * support's timeline alike. The stored JSON is read as untrusted: an unknown kind reads as a
 * generic error.
 */

type T = (key: MessageKey, vars?: MessageVars) => string;
const KINDS = ["refused", "rejected", "timeout", "dropped", "unreachable", "off", "error", "archive"] as const;

export function failureWords(reason: unknown, t: T): string {
  const r = (typeof reason === "object" && reason !== null ? reason : {}) as {
    kind?: unknown;
    code?: unknown;
    text?: unknown;
  };
  const kind = (KINDS as readonly unknown[]).includes(r.kind) ? (r.kind as (typeof KINDS)[number]) : "error";
  const code = typeof r.code === "number" || typeof r.code === "string" ? String(r.code) : "–";
  return t(`handoff.failed.${kind}`, { code, text: typeof r.text === "string" ? r.text : "" });
}
