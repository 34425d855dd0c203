import "server-only";
import { CODE } from "@/lib/db/report-texts";
import type { OsrMessage } from "@/lib/provider/osr-answer";

/**
 * What of a provider's messages on a report outlives its text: the codes. The audit trail keeps only
 * them (send.ts); an erasure of a unit's resident leaves only them on the unit's reports and their
 * steps (lib/register/tenancies/erase.ts, with lib/db/report-texts.ts), as the text may quote the person in a way no
 * redaction foresaw (it is stored redacted: lib/provider/osr-answer.ts).
 */

export const codesOf = (messages: OsrMessage[]) =>
  messages.map((m) => m.shortmessage).filter((c) => new RegExp(CODE).test(c));
