"use client";
import Link from "next/link";
import type { UnitsPage } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";

/**
 * The head of the register's "Meldungen offen" list: what it lists, and per property how many units'
 * reports are open, due and overdue (lib/onsite-roles/open.ts), each a link to that property's list.
 */
export function OpenReports({ counts }: { counts: UnitsPage["openReports"] }) {
  const t = useT();
  return (
    <section aria-labelledby="open-reports" className="rounded border border-slate-200 bg-white p-3 text-sm">
      <h3 id="open-reports" className="font-semibold">
        {t("reports.openTitle")}
      </h3>
      <p className="mt-1 text-slate-700">{t("reports.openIntro")}</p>
      {counts.length === 0 ? (
        <p className="mt-2">{t("reports.openNone")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1" data-testid="open-report-counts">
          {counts.map((c) => {
            const property = c.property ?? t("reports.noProperty");
            const text = t("reports.openCounts", { property, open: c.open, due: c.due, overdue: c.overdue });
            if (!c.property) return <li key="none">{text}</li>;
            const query = new URLSearchParams({ reports: "open", property: c.property });
            return (
              <li key={c.property}>
                <Link
                  href={`/units?${query.toString()}`}
                  className="text-blue-800 underline underline-offset-2"
                  aria-label={`${text}: ${t("reports.showProperty", { property })}`}
                >
                  {text}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
