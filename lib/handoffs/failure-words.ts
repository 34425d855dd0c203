import type { MessageKey, MessageVars } from "@/lib/i18n/messages";

/**
 * A failed send's stored reason (lib/handoffs/mail/failure.ts: `{kind, code?, text?}`, kept in the record
 * and in the audit event), or a bounce's (lib/handoffs/bounces/mark.ts: `{kind: "bounced", status}`), in the reader's words: for the hand-off's answer, the monthly view and
 * support's timeline alike. The stored JSON is read as untrusted: an unknown kind reads as a
 * generic error.
 */

type T = (key: MessageKey, vars?: MessageVars) => string;
const KINDS = ["refused", "rejected", "timeout", "dropped", "unreachable", "off", "error", "archive"] as const;

/**
 * A bounce's enhanced status code (RFC 3463) by its cause: 5.1.1 an unknown mailbox, 5.2.2 a full one, another 5.1.x an
 * invalid address, 5.7.x a refusal by the recipient's server; anything not such a code reads as 5.0.0.
 */
function bounceCause(status: unknown) {
  const code = typeof status === "string" && /^\d\.\d{1,3}\.\d{1,3}$/.test(status) ? status : "5.0.0";
  const cause =
    code === "5.1.1"
      ? "unknown"
      : code === "5.2.2"
        ? "full"
        : code.startsWith("5.1.")
          ? "address"
          : code.startsWith("5.7.")
            ? "refused"
            : "other";
  return { cause, code } as const;
}

function bounceWords(status: unknown, t: T): string {
  const { cause, code } = bounceCause(status);
  return t(`handoff.bounced.${cause}`, { code });
}

/**
 * The cause of a bounce alone ("Postfach unbekannt (5.1.1)"), where the words say already that the e-mail came back
 * (the month page's "E-Mail unzustellbar: Brief drucken").
 */
export function bounceCauseWords(status: unknown, t: T): string {
  const { cause, code } = bounceCause(status);
  return t(`handoff.bounceCause.${cause}`, { code });
}

export function failureWords(reason: unknown, t: T): string {
  const r = (typeof reason === "object" && reason !== null ? reason : {}) as {
    kind?: unknown;
    code?: unknown;
    text?: unknown;
    status?: unknown;
  };
  if (r.kind === "bounced") return bounceWords(r.status, t);
  const kind = (KINDS as readonly unknown[]).includes(r.kind) ? (r.kind as (typeof KINDS)[number]) : "error";
  const code = typeof r.code === "number" || typeof r.code === "string" ? String(r.code) : "–";
  return t(`handoff.failed.${kind}`, { code, text: typeof r.text === "string" ? r.text : "" });
}
