import { isMessageKey, translate, type Locale, type MessageKey, type MessageVars } from "@/lib/i18n/messages";
import { failureWords } from "@/lib/handoffs/failure-words";

/**
 * Why a hand-off's document was skipped or failed, as a code with its variables rather than words (issue #50): a run's
 * lines keep it (migration 0041), and each reader reads it in their own language. `failure` is a failed send's stored
 * reason (lib/handoffs/mail/failure.ts), put into words by failure-words.ts.
 */
export type HandoffReason = { key: MessageKey; vars?: MessageVars } | { failure: unknown };

/** A held state ("already handed on: sent") in the reader's words where the catalogue has them. */
function wordsOfVars(locale: Locale, vars: MessageVars | undefined): MessageVars | undefined {
  if (!vars || typeof vars.state !== "string") return vars;
  const key = `handoffEvent.state.${vars.state}`;
  return isMessageKey(key) ? { ...vars, state: translate(locale, key) } : vars;
}

export function reasonWords(reason: HandoffReason, locale: Locale): string {
  if ("failure" in reason) return failureWords(reason.failure, (key, vars) => translate(locale, key, vars));
  return translate(locale, reason.key, wordsOfVars(locale, reason.vars));
}

/**
 * A stored reason read back as untrusted JSON: a known code with string or number variables, or a failure; anything
 * else is no reason (the line's stored words, if any, are shown instead).
 */
export function readReason(stored: unknown): HandoffReason | null {
  if (typeof stored !== "object" || stored === null) return null;
  const r = stored as { key?: unknown; vars?: unknown; failure?: unknown };
  if ("failure" in r) return { failure: r.failure };
  if (typeof r.key !== "string" || !isMessageKey(r.key)) return null;
  if (r.vars === undefined || r.vars === null) return { key: r.key };
  if (typeof r.vars !== "object") return null;
  const vars = Object.entries(r.vars as Record<string, unknown>).filter(
    (e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number",
  );
  return { key: r.key, vars: Object.fromEntries(vars) };
}
