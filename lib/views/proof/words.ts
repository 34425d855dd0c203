import "server-only";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/format";
import { translate, type MessageKey, type MessageVars } from "@/lib/i18n/messages";
import { bounceCauseWords, failureWords } from "@/lib/handoffs/failure-words";
import type { MonthEntry } from "@/lib/views/handoff-month/month";
import type { AfterEvent, Delivery, DocumentHistory, Released } from "@/lib/views/proof/history";
import type { MonthStatus } from "@/lib/views/handoff-month/query";

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
export const REACHED: readonly MonthStatus[] = ["email", "portal", "opened", "posted"];

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
    case "bounced":
      return [`als unzustellbar zurückgemeldet am ${at}${e.reason ? `: ${e.reason}` : ""}`];
    case "pending":
    case "unknown":
      return [`Versand begonnen am ${at}`];
    default:
      return [];
  }
}

const parsedReason = (reason: string | null): unknown => {
  try {
    return JSON.parse(reason ?? "null");
  } catch {
    // A reason that is no JSON (an older record) is told without its detail.
    return null;
  }
};
const de = (key: MessageKey, vars?: MessageVars) => translate("de", key, vars);
const reasonWords = (reason: string | null) => (reason ? `: ${failureWords(parsedReason(reason), de)}` : "");

/**
 * Where a delivery stands beside the others of its document (issue #47): an e-mail our mail server accepted that came
 * back later, and the letter printed after a bounce.
 */
type Context = { bouncedLater: boolean; afterBounce: boolean };

/** The consent behind a digital delivery, as it stood then: by the resident's link, or their written agreement. */
function consentWords(d: Delivery): string[] {
  const c = d.consent;
  if (!c) return [];
  const day = formatDate(c.at, display());
  return c.how === "link"
    ? [`Einwilligung des Bewohners über den Link am ${day} (Adresse mit Code bestätigt)`]
    : [`Einwilligung schriftlich am ${day}${c.reference ? ` (${c.reference})` : ""}`];
}

/** One delivery in words, with its message id on a line of its own; `to`: to a resident other than the line's. */
function deliveryWords(d: Delivery, to: string, c: Context): string[] {
  const at = proofTime(d.at);
  const by = d.by ? ` von ${d.by}` : "";
  const letter =
    d.channel === "portal" ? "Brief mit Portal-Link " : c.afterBounce ? "Brief nach unzustellbarer E-Mail " : "";
  const accepted = c.bouncedLater ? " (von unserem Mailserver angenommen)" : "";
  switch (d.state) {
    case "sent":
      return d.channel === "portal"
        ? [
            `Portal-Benachrichtigung versandt am ${at}${by}${to}`,
            ...(d.messageId ? [`Benachrichtigung, Message-ID ${d.messageId}`] : []),
            ...consentWords(d),
          ]
        : [
            `E-Mail versandt am ${at}${by}${to}${accepted}`,
            ...(d.messageId ? [`Message-ID ${d.messageId}`] : []),
            ...consentWords(d),
          ];
    case "opened":
      return [`im Portal geöffnet am ${at}${to}`];
    case "printed":
      return [`${letter}gedruckt am ${at}${by}${to} (Briefe erstellt)`];
    case "posted":
      return [`${letter}versandt am ${at}${by}${to}`];
    case "failed":
      return [`fehlgeschlagen am ${at}${to}${reasonWords(d.reason)}`];
    case "unknown":
      return [`Versand begonnen am ${at}${to}, Ausgang ungewiss`];
    case "bounced": {
      const status = (parsedReason(d.reason) as { status?: unknown } | null)?.status;
      return [`E-Mail als unzustellbar zurückgemeldet am ${at}${to}: ${bounceCauseWords(status, de)}`];
    }
  }
}

/** An e-mail that bounced after it (the same message id); a letter after a bounce of the same resident's e-mail. */
function contextOf(all: Delivery[], i: number): Context {
  const d = all[i]!;
  const bouncedLater =
    d.channel === "email" &&
    d.state === "sent" &&
    d.messageId !== null &&
    all.slice(i + 1).some((b) => b.state === "bounced" && b.messageId === d.messageId);
  const afterBounce =
    d.channel === "post" && all.slice(0, i).some((b) => b.state === "bounced" && b.tenancyId === d.tenancyId);
  return { bouncedLater, afterBounce };
}

/** What a release under four eyes released (lib/releases), as the proof names it. */
const RELEASED: Record<Released["kind"], string> = {
  confirm: "Bestätigung",
  handoff: "Weitergabe",
  print: "Druck der Briefe",
};

const AFTER: Record<AfterEvent["kind"], string> = {
  move: "Umzug erfasst",
  assigned: "neu zugeordnet",
  notNeeded: "als nicht weiterzugeben entschieden",
};

const laterOf = (at: string, other: string | null) => (other !== null && other > at ? other : at);
/** When the document's first e-mail went out, if one did. */
const firstMail = (h: DocumentHistory): string | null =>
  h.deliveries.find((d) => d.channel === "email" && d.state === "sent")?.at ?? null;

/**
 * What proves the hand-off of a document, from its history (./history.ts): every delivery, also one to a resident the
 * rule no longer gives the document to, and what came after the first one ("danach: Umzug erfasst am …"), in the
 * order it happened. `tenancyId`: the line's recipient; a delivery to anyone else names them (support: without name).
 */
export function historyWords(h: DocumentHistory, tenancyId: string | null, names: boolean): string[] {
  const to = (d: Delivery) =>
    d.tenancyId === tenancyId ? "" : ` an ${names && d.resident ? d.resident : "Bewohner (ohne Namen)"}`;
  const events = [
    ...h.deliveries.map((d, i) => ({ at: d.at, lines: deliveryWords(d, to(d), contextOf(h.deliveries, i)) })),
    // Four eyes: who released the work on the document ("freigegeben von … am …"), at its moment.
    ...h.released.map((r) => ({
      at: r.at,
      lines: [`${RELEASED[r.kind]} freigegeben von ${r.by ?? "(gelöschter Benutzer)"} am ${proofTime(r.at)}`],
    })),
    // A reply read back (issue #47): that one came, and when; its text stays on the unit's page. It answers an e-mail,
    // so it stands after the first one sent, though its own Date (whole seconds, another clock) may say earlier.
    ...(h.replies ?? []).map((r) => ({
      at: laterOf(r.at, firstMail(h)),
      lines: [
        `${r.kind === "autoReply" ? "Automatische Antwort" : "Antwort des Bewohners"} erhalten am ${proofTime(r.at)}`,
      ],
    })),
    ...h.after.map((a) => ({
      at: a.at,
      lines: [`danach: ${AFTER[a.kind]} am ${proofTime(a.at)}${a.by ? ` von ${a.by}` : ""}`],
    })),
  ];
  // Stable: a delivery and what follows it at the same instant keep their order.
  return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).flatMap((e) => e.lines);
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
