"use client";
import type { RoundProperty } from "@/lib/views/month-round/client";
import { bounceCauseWords } from "@/lib/handoffs/failure-words";
import { useT } from "@/lib/i18n/client";

/**
 * The units whose e-mail of the month came back undelivered, each with the notification's reason in words ("EG
 * (9601): Postfach unbekannt (5.1.1)"), under the month page's "E-Mail unzustellbar: Brief drucken"; the answer names
 * at most 20, the rest are counted.
 */
export function BouncedList({ row }: { row: RoundProperty }) {
  const t = useT();
  if (row.bounced.length === 0) return null;
  const more = row.counts.bounced - row.bounced.length;
  return (
    <ul className="w-full pl-4 text-slate-800" aria-label={t("month.bounced.label")} data-testid="bounced-units">
      {row.bounced.map((b) => (
        <li key={`${b.unitId}|${b.documentid}`} className="list-disc [overflow-wrap:anywhere]">
          {b.label ? `${b.label} (${b.unit})` : b.unit}: {bounceCauseWords(b.status, t)}
        </li>
      ))}
      {more > 0 && <li className="list-disc">{t("month.bounced.more", { n: more })}</li>}
    </ul>
  );
}
