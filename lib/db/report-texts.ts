import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * What of a provider's messages on an on-site-roles report outlives an erasure of the unit's resident: the codes
 * (the texts may quote the person in a way no redaction foresaw). Here, below both, because the register erases
 * (lib/register/tenancies/erase.ts) and the reports keep the codes for the audit (lib/onsite-roles/message-codes.ts), and the
 * register imports nothing of the reports (docs/architecture.md, "Layout").
 */

/**
 * What a code looks like (PERIOD_OVERLAP, NOT_FOUND): upper-case letters, digits and `_`, read alike
 * by JavaScript and PostgreSQL. A shortmessage in other words (a sentence, a name) is no code.
 */
export const CODE = "^[A-Z][A-Z0-9_]{0,63}$";

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
