import type { MessageKey, MessageVars } from "@/lib/i18n/messages";

/**
 * A provider's answer to a unit's report in the reader's words (docs/api.md, "On-site-roles
 * reports"): each message's code mapped to what it means and what to do, with the field that fixes
 * it; the code is kept beside the explanation. The codes are those of the on-site-roles sandbox's
 * plausibility checks and schema (docs/sandbox.md, "On-site-roles v2"), which real providers may
 * share or not: an unknown code gets a general explanation with the code. A provider's own text is
 * never part of an explanation. Pure: the register's page and its tests share it.
 */

/** What fixes it: the move-in of one tenancy, the unit's edit, the connection's credentials, or none. */
export type ExplainAction =
  { kind: "moveIn"; tenancyId: string; name: string } | { kind: "edit" } | { kind: "connection"; connectionId: string };

/** One sentence of an explanation, in the reader's language. */
export type Sentence = { key: MessageKey; vars?: MessageVars };

export type Explanation = {
  /** The provider's code (`shortmessage`), or `HTTP {status}` when it sent none. */
  code: string;
  type: "error" | "warning";
  /** Known to this table (else the general explanation). */
  known: boolean;
  /** What it means, then what to do. */
  sentences: Sentence[];
  action: ExplainAction | null;
};

type Tenancy = {
  id: string;
  moveIn: string | null;
  vacancy: boolean;
  erased: boolean;
  resident: { name: string } | null;
};
export type ExplainUnit = { mscnumber: string | null; billingunit: string | null; tenancies: Tenancy[] };
export type ExplainReport = {
  connectionId: string;
  status?: number;
  messages?: { type: string; shortmessage: string }[];
};

/** Periods that do not fit together: a missing move-in is the likely cause (issue #50), else the dates. */
const DATES = new Set(["PERIOD_REVERSED", "PERIOD_OVERLAP", "VACANCY_WITH_CONSUMPTION_INFORMATION"]);
/** The data set this application built was wrong: nothing the manager can fix but report it. */
const OURS = new Set([
  "BILLINGUNIT_MISMATCH",
  "RESIDENTIALUNIT_MISMATCH",
  "UNKNOWN_PARTNER",
  "DUPLICATE_PARTNER",
  "BILLINGRECIPIENT_MISSING",
  "VACANCY_RECIPIENT_NOT_OWNER",
  "TERMINATION_DATE_MISSING",
  "TERMINATION_FLAG_MISSING",
  "CONTRACT_AFTER_TERMINATION",
  "REQUIRED_FIELD_MISSING",
  "INVALID_FIELD",
  "INVALID_JSON",
  "UNSUPPORTED_MEDIA_TYPE",
  "NOT_ACCEPTABLE",
  "METHOD_NOT_ALLOWED",
]);
const NUMBERS = new Set(["UNKNOWN_UNIT", "NOT_FOUND"]);
const CREDENTIALS = new Set(["UNAUTHORIZED", "FORBIDDEN"]);
const TOO_MUCH = new Set(["TOO_MANY_ENTRIES", "PAYLOAD_TOO_LARGE"]);

/** Every code this table explains (a test checks the sandbox's codes against it). */
export const EXPLAINED_CODES = new Set([
  ...DATES,
  ...OURS,
  ...NUMBERS,
  ...CREDENTIALS,
  ...TOO_MUCH,
  "FIELD_TOO_LONG",
  "GAP_BILLINGCONTRACTS",
]);

/** The resident's tenancy without a move-in, if any (the register allows one per unit, the oldest). */
const withoutMoveIn = (unit: ExplainUnit) =>
  unit.tenancies.find((t) => t.moveIn === null && !t.vacancy && !t.erased && t.resident);

type Explained = Pick<Explanation, "known" | "sentences" | "action">;

function explainCode(code: string, type: Explanation["type"], unit: ExplainUnit, report: ExplainReport): Explained {
  if (DATES.has(code)) {
    const what: Sentence = { key: `reports.explain.what.${code}` as MessageKey };
    const missing = withoutMoveIn(unit);
    if (missing?.resident) {
      const name = missing.resident.name;
      return {
        known: true,
        sentences: [what, { key: "reports.explain.moveIn", vars: { name } }],
        action: { kind: "moveIn", tenancyId: missing.id, name },
      };
    }
    return { known: true, sentences: [what, { key: "reports.explain.dates" }], action: null };
  }
  if (code === "GAP_BILLINGCONTRACTS")
    return { known: true, sentences: [{ key: "reports.explain.gap" }], action: null };
  if (NUMBERS.has(code)) {
    const vars = { unit: unit.mscnumber ?? "", billingunit: unit.billingunit ?? "" };
    return { known: true, sentences: [{ key: "reports.explain.numbers", vars }], action: { kind: "edit" } };
  }
  if (code === "FIELD_TOO_LONG")
    return { known: true, sentences: [{ key: "reports.explain.tooLong" }], action: { kind: "edit" } };
  if (TOO_MUCH.has(code)) return { known: true, sentences: [{ key: "reports.explain.tooMuch" }], action: null };
  if (CREDENTIALS.has(code))
    return {
      known: true,
      sentences: [{ key: "reports.explain.credentials" }],
      action: { kind: "connection", connectionId: report.connectionId },
    };
  if (OURS.has(code)) return { known: true, sentences: [{ key: "reports.explain.ours" }], action: null };
  const general: MessageKey = type === "warning" ? "reports.explain.unknownWarning" : "reports.explain.unknown";
  return { known: false, sentences: [{ key: general, vars: { code } }], action: null };
}

/** The code a refusal without messages stands for, by its status. */
const BY_STATUS: Record<number, string> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND" };

/** A code as the page shows it: the provider's token, bounded. */
const codeOf = (m: { shortmessage: string }) => m.shortmessage.trim().slice(0, 100);

/**
 * The explanations of a report's messages, errors first, one per code. A refusal without any
 * message is explained by its status (401 and 403: the credentials; 404: the unit's numbers).
 */
export function explainReport(report: ExplainReport, unit: ExplainUnit): Explanation[] {
  const messages = report.messages ?? [];
  const out: Explanation[] = [];
  const seen = new Set<string>();
  for (const m of messages) {
    const code = codeOf(m);
    const type = m.type.toLowerCase() === "warning" ? "warning" : "error";
    if (!code || seen.has(`${type}:${code}`)) continue;
    seen.add(`${type}:${code}`);
    out.push({ code, type, ...explainCode(code, type, unit, report) });
  }
  if (out.length === 0 && report.status !== undefined && report.status >= 400) {
    const code = `HTTP ${report.status}`;
    out.push({ code, type: "error", ...explainCode(BY_STATUS[report.status] ?? code, "error", unit, report) });
  }
  return out.sort((a, b) => (a.type === b.type ? 0 : a.type === "error" ? -1 : 1));
}
