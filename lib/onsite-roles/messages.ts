import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { OsrMessage } from "@/lib/provider/osr-answer";

/**
 * What of a provider's messages on a report outlives its text: the codes. The audit trail keeps only
 * them (send.ts); an erasure of a unit's resident leaves only them on the unit's reports and their
 * steps (lib/register/tenancies/erase.ts), as the text may quote the person in a way no redaction
 * foresaw (it is stored redacted: lib/provider/osr-answer.ts).
 */

/**
 * What a code looks like (PERIOD_OVERLAP, NOT_FOUND): upper-case letters, digits and `_`, read alike
 * by JavaScript and PostgreSQL. A shortmessage in other words (a sentence, a name) is no code.
 */
const CODE = "^[A-Z][A-Z0-9_]{0,63}$";

export const codesOf = (messages: OsrMessage[]) =>
  messages.map((m) => m.shortmessage).filter((c) => new RegExp(CODE).test(c));

/** The tables that hold the provider's messages on a unit's reports (migrations 0031, 0033). */
export const MESSAGE_TABLES = ["osr_reports", "osr_report_events"];

/** A row's `messages` with each one's code (else "") and type (else `error`) and no text. */
const codesOnly = sql`(SELECT jsonb_agg(jsonb_build_object(
    'type', CASE WHEN m.value->>'type' IN ('error', 'warning', 'info') THEN m.value->>'type' ELSE 'error' END,
    'shortmessage', CASE WHEN m.value->>'shortmessage' ~ ${CODE} THEN m.value->>'shortmessage' ELSE '' END,
    'message', '') ORDER BY m.n)
  FROM jsonb_array_elements(messages) WITH ORDINALITY AS m(value, n))`;

/**
 * The parts of a `WITH` that leave only codes in the messages of the reports and steps of the units
 * `units` selects (a `SELECT unit_id ...`), and `texts_forgotten`: one row per row changed.
 */
export const forgetTexts = (units: SQL) => sql`
  texts_reports AS (UPDATE osr_reports SET messages = ${codesOnly}
    WHERE unit_id IN (${units}) AND messages IS NOT NULL AND messages <> ${codesOnly} RETURNING 1),
  texts_steps AS (UPDATE osr_report_events SET messages = ${codesOnly}
    WHERE unit_id IN (${units}) AND messages IS NOT NULL AND messages <> ${codesOnly} RETURNING 1),
  texts_forgotten AS (SELECT 1 FROM texts_reports UNION ALL SELECT 1 FROM texts_steps)`;
