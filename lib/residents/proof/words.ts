import "server-only";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/format";
import { translate } from "@/lib/i18n/messages";
import type { MonthEntry } from "@/lib/residents/month/month";
import type { MonthStatus } from "@/lib/residents/month/query";

/**
 * The proof's German words (PDF and CSV alike): who received a document, or why nobody did, and what proves it.
 * Support's proof names no resident (data minimisation, docs/api.md "Names from the unit register").
 */

const display = () => ({ locale: "de" as const, timeZone: env().displayTimeZone });
// Made once: a proof formats thousands of times, and each new Intl format costs about half a millisecond.
let times: Intl.DateTimeFormat | undefined;
/** "25.11.2026, 10:03" in DISPLAY_TIME_ZONE, as lib/format.ts writes it. */
export function proofTime(iso: string): string {
  times ??= new Intl.DateTimeFormat("de-DE", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: env().displayTimeZone,
  });
  return times.format(new Date(iso));
}
export const statusWords = (s: MonthStatus) => translate("de", `handoffMonth.status.${s}`);

/** Where the one rule hands a document to nobody: the status says why. */
/** States in which the document reached its resident. */
export const REACHED: readonly MonthStatus[] = ["email", "portal", "opened", "printed"];

const NOBODY = new Set<MonthStatus>([
  "change",
  "uncovered",
  "noPeriod",
  "vacancy",
  "notNeeded",
  "erased",
  "noResident",
]);
const UNNAMED = "Bewohner des Zeitraums (ohne Namen)";
const NO_RESIDENT = "kein Bewohner eingetragen";

export function residentWords(e: MonthEntry, names: boolean): string {
  const decided = e.decided && `${e.decided.by ?? "unbekannt"} am ${formatDate(e.decided.at, display())}`;
  if (!e.document) {
    if (e.vacancy) return "Leerstand";
    return e.resident ? (names ? e.resident : "Bewohner (ohne Namen)") : NO_RESIDENT;
  }
  if (NOBODY.has(e.status))
    return [statusWords(e.status), decided && `entschieden von ${decided}`].filter(Boolean).join(", ");
  const who = e.resident ? (names ? e.resident : UNNAMED) : NO_RESIDENT;
  return decided ? `${who} (zugeordnet von ${decided})` : who;
}

/**
 * What proves the hand-off, one part a line: the mail server's message id, the print, the portal's opening (and the
 * notification before it); or how it failed.
 */
export function evidenceWords(e: MonthEntry, messageId: string | null): string[] {
  const at = e.at ? proofTime(e.at) : "";
  const id = messageId ? [`Message-ID ${messageId}`] : [];
  const notified = messageId ? [`Benachrichtigung, Message-ID ${messageId}`] : [];
  switch (e.status) {
    case "email":
      return id;
    case "portal":
      return notified;
    case "opened":
      return [`im Portal geöffnet am ${at}`, ...notified];
    case "printed":
      return [`gedruckt am ${at}`];
    case "failed":
      return [`fehlgeschlagen am ${at}${e.reason ? `: ${e.reason}` : ""}`];
    case "pending":
    case "unknown":
      return [`Versand begonnen am ${at}`];
    default:
      return [];
  }
}

/** The totals closing the proof: units, documents, reached by which channel, and the rest by status. */
export function totalsWords(p: {
  units: number;
  truncated: boolean;
  counts: Record<MonthStatus, number>;
  lines: { document: unknown; status: MonthStatus }[];
}): string[] {
  const reached = [...REACHED];
  const sum = (ss: MonthStatus[]) => ss.reduce((n, s) => n + p.counts[s], 0);
  const by = (ss: MonthStatus[]) =>
    ss
      .filter((s) => p.counts[s] > 0)
      .map((s) => `${statusWords(s)}: ${p.counts[s]}`)
      .join(" · ");
  const rest = (Object.keys(p.counts) as MonthStatus[]).filter((s) => !reached.includes(s));
  return [
    "Summe",
    `Nutzeinheiten: ${p.units} · Dokumente: ${p.lines.filter((l) => l.document).length}`,
    `Weitergegeben: ${sum(reached)}${sum(reached) ? ` (${by(reached)})` : ""}`,
    `Nicht weitergegeben: ${sum(rest)}${sum(rest) ? ` (${by(rest)})` : ""}`,
    ...(p.truncated ? [`Nur die ersten ${p.units} Nutzeinheiten sind aufgeführt.`] : []),
  ];
}
