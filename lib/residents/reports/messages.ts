import "server-only";
import type { OsrMessage } from "@/lib/provider/osr-answer";

/**
 * What of a provider's messages on a report outlives its text: the codes. The audit trail keeps only
 * them (send.ts); the text may quote a person in a way no redaction foresaw (it is stored redacted:
 * lib/provider/osr-answer.ts).
 */

/**
 * What a code looks like (PERIOD_OVERLAP, NOT_FOUND): upper-case letters, digits and `_`, read alike
 * by JavaScript and PostgreSQL. A shortmessage in other words (a sentence, a name) is no code.
 */
const CODE = "^[A-Z][A-Z0-9_]{0,63}$";

export const codesOf = (messages: OsrMessage[]) =>
  messages.map((m) => m.shortmessage).filter((c) => new RegExp(CODE).test(c));
