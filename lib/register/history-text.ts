import { translate, type Locale, type MessageKey } from "@/lib/i18n/messages";
import { germanDate } from "./dates";
import type { HistoryChange } from "./merge";

/**
 * The text of a change of a unit's history in the import's answer, in the reader's language:
 * "Einzug korrigiert 01.01.2027 → 15.01.2027", "Auszug eingetragen: 14.01.2027", "Neu: Greta
 * Uhlenbrock ab 15.01.2027", "Entfällt: Leerstand 01.01.2027 bis 31.03.2027". Dates as the
 * register writes them (TT.MM.JJJJ). Pure.
 */

/** Which text a corrected date gets: both days known, one learnt, one dropped. */
const DATE_KEYS: Record<"moveIn" | "moveOut", Record<"both" | "learnt" | "dropped", MessageKey>> = {
  moveIn: {
    both: "unitsApi.history.moveIn",
    learnt: "unitsApi.history.moveInLearnt",
    dropped: "unitsApi.history.moveInDropped",
  },
  moveOut: {
    both: "unitsApi.history.moveOut",
    learnt: "unitsApi.history.moveOutLearnt",
    dropped: "unitsApi.history.moveOutDropped",
  },
};

/** The days of a tenancy: "ab 15.01.2027", "01.01.2027 bis 14.01.2027", "bis 31.12.2026", "ohne Datum". */
function periodText(from: string | null, to: string | null, locale: Locale): string {
  const vars = { from: from ? germanDate(from) : "", to: to ? germanDate(to) : "" };
  if (from && to) return translate(locale, "unitsApi.period.range", vars);
  if (from) return translate(locale, "unitsApi.period.from", vars);
  if (to) return translate(locale, "unitsApi.period.until", vars);
  return translate(locale, "unitsApi.period.always");
}

const whoText = (h: HistoryChange, locale: Locale) =>
  h.who ?? translate(locale, h.vacancy ? "unitsApi.history.vacancy" : "unitsApi.history.erased");

export function historyText(h: HistoryChange, locale: Locale): string {
  if (h.kind === "added" || h.kind === "removed")
    return translate(locale, h.kind === "added" ? "unitsApi.history.added" : "unitsApi.history.removed", {
      who: whoText(h, locale),
      period: periodText(h.from, h.to, locale),
    });
  const keys = DATE_KEYS[h.kind];
  const key = h.from && h.to ? keys.both : h.to ? keys.learnt : keys.dropped;
  return translate(locale, key, { from: h.from ? germanDate(h.from) : "", to: h.to ? germanDate(h.to) : "" });
}
