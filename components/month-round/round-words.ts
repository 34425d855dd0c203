import type { RoundDocument, RoundProperty } from "@/lib/views/month-round/client";
import type { MessageKey } from "@/lib/i18n/messages";

/**
 * The numbers of a property's month as a manager reads them (pure: the table, the phone's cards and the list of what
 * to do read these): reached by which channel; not reached, which is a delivery that failed or an e-mail that came back
 * undelivered (issue #47: its letter is to print; issue #50: letters not yet printed are letters to print, not
 * residents not reached); moves to assign.
 */
export function monthNumbers(row: RoundProperty) {
  const c = row.counts;
  return {
    handedOn: c.email + c.portal + c.opened + c.posted,
    notReached: c.failed + c.bounced,
    toPrint: c.notPrinted,
    /** Letters made, not yet confirmed as posted. */
    toPost: c.printed,
    moves: c.change + c.uncovered + c.noPeriod,
  };
}

export type Exception = { id: string; n: number; text: MessageKey; link: MessageKey; href: string };

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** What is left to do in a property's month, each with the one place where it is done. */
export function exceptionsOf(row: RoundProperty, month: string): Exception[] {
  const c = row.counts;
  const handoffs = `/handoffs?${q({ property: row.property, month })}`;
  const register = `/units?${q({ property: row.property })}`;
  const all: Exception[] = [
    { id: "moves", n: monthNumbers(row).moves, text: "month.do.moves", link: "month.link.assign", href: handoffs },
    { id: "noResident", n: c.noResident, text: "month.do.noResident", link: "month.link.register", href: register },
    { id: "failed", n: c.failed, text: "month.do.failed", link: "month.link.month", href: handoffs },
    // Came back undelivered: the letter goes into the next print (POST /api/handoffs/print), the one action here.
    { id: "bounced", n: c.bounced, text: "month.do.bounced", link: "month.link.print", href: handoffs },
    { id: "uncertain", n: c.pending + c.unknown, text: "month.do.uncertain", link: "month.link.month", href: handoffs },
    { id: "noEmail", n: c.noEmail, text: "month.do.noEmail", link: "month.link.register", href: register },
    { id: "notPrinted", n: c.notPrinted, text: "month.do.notPrinted", link: "month.link.print", href: handoffs },
    { id: "printed", n: c.printed, text: "month.do.printed", link: "month.link.print", href: handoffs },
    {
      id: "noDocument",
      n: c.noDocument,
      text: "month.do.noDocument",
      link: "month.link.connections",
      href: "/connections",
    },
    {
      id: "overdue",
      n: row.reports.overdue,
      text: "month.do.reportsOverdue",
      link: "month.link.reports",
      href: "/units?reports=open",
    },
    {
      id: "due",
      n: row.reports.due,
      text: "month.do.reportsDue",
      link: "month.link.reports",
      href: "/units?reports=open",
    },
  ];
  return all.filter((e) => e.n > 0);
}

/**
 * The open points of a property's month: what is left to do, and one more while a step has documents ready. Zero,
 * and only then, the page says that nothing is left to do (issue #50: "Offene Punkte: 1" and "Alle bestätigen (47)"
 * stood beside "nichts mehr zu tun").
 */
export const openPoints = (row: RoundProperty, month: string) =>
  exceptionsOf(row, month).length + (row.toConfirm + row.toHandOn + row.toConfirmAndHandOn > 0 ? 1 : 0);

/** The three steps of a property's round, each taking what is ready for it. */
export type Step = "confirm" | "handOn" | "both";

/** The documents a step touches, of the property-month's list (GET /api/month/documents). */
export function documentsOf(step: Step, docs: RoundDocument[]): RoundDocument[] {
  if (step === "confirm") return docs.filter((d) => d.confirmable);
  if (step === "handOn") return docs.filter((d) => d.confirmed && d.handsOn);
  return docs.filter((d) => d.confirmable || (d.confirmed && d.handsOn));
}

/** How many documents, units and residents (those who receive a document by this step) a step touches. */
export function touches(step: Step, docs: RoundDocument[]) {
  const reaching = step === "confirm" ? docs : docs.filter((d) => d.handsOn);
  return {
    documents: docs.length,
    units: new Set(docs.map((d) => d.unitId)).size,
    residents: new Set(reaching.flatMap((d) => (d.tenancyId ? [d.tenancyId] : []))).size,
  };
}
