"use client";
import { Button } from "@/components/ui/button";
import { historyOf, type Tenancy } from "@/lib/register/tenancies/client";
import type { Unit } from "@/lib/views/units-page/client";
import { formatPeriod } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import type { Locale, MessageKey, MessageVars } from "@/lib/i18n/messages";

type T = (key: MessageKey, vars?: MessageVars) => string;

/** A calendar day (`YYYY-MM-DD`, zoneless) as the page's language writes it: "15.10.2026". */
export const formatDay = (day: string, locale: Locale) => formatPeriod(day, null, locale) ?? day;

/** Who a tenancy names: the resident, "Leerstand", or "Daten gelöscht" after an erasure. */
export const tenancyName = (tenancy: Tenancy, t: T) =>
  tenancy.vacancy ? t("tenancyPage.vacancy") : (tenancy.resident?.name ?? t("tenancyPage.erased"));

/** The unit's number as the page names it in labels and messages. */
export const unitName = (unit: Unit) => unit.mscnumber ?? unit.pmnumber ?? "";

function TenancyItem({ tenancy, onCorrect }: { tenancy: Tenancy; onCorrect: () => void }) {
  const t = useT();
  const locale = useLocale();
  const who = tenancyName(tenancy, t);
  const moveIn = tenancy.moveIn ? formatDay(tenancy.moveIn, locale) : t("tenancyPage.moveInUnknown");
  const open = tenancy.vacancy ? t("tenancyPage.vacancyRuns") : t("tenancyPage.stillThere");
  return (
    <li data-testid="tenancy" className="rounded border border-slate-200 p-2">
      <div className={tenancy.resident ? "font-medium" : "font-medium text-slate-700"}>{who}</div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-700">
        <dt>{t("tenancyPage.moveIn")}:</dt>
        <dd>{moveIn}</dd>
        <dt>{t("tenancyPage.moveOut")}:</dt>
        <dd>{tenancy.moveOut ? formatDay(tenancy.moveOut, locale) : open}</dd>
      </dl>
      <Button
        type="button"
        variant="secondary"
        className="mt-1"
        onClick={onCorrect}
        aria-label={t("tenancyPage.correctLabel", { who, moveIn })}
      >
        {t("tenancyPage.correct")}
      </Button>
    </li>
  );
}

/** A unit's tenancies behind a disclosure ("Verlauf"), newest first, each with "Daten korrigieren". */
export function TenancyHistory({ unit, onCorrect }: { unit: Unit; onCorrect: (tenancy: Tenancy) => void }) {
  const t = useT();
  const history = historyOf(unit);
  return (
    <details data-testid="tenancy-history" className="mt-2 text-sm">
      <summary className="cursor-pointer text-blue-800 underline underline-offset-2">
        {t("tenancyPage.history", { n: history.length })}
      </summary>
      {history.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600">{t("tenancyPage.noHistory")}</p>
      ) : (
        <ol aria-label={t("tenancyPage.historyLabel", { unit: unitName(unit) })} className="mt-2 flex flex-col gap-2">
          {history.map((tenancy) => (
            <TenancyItem key={tenancy.id} tenancy={tenancy} onCorrect={() => onCorrect(tenancy)} />
          ))}
        </ol>
      )}
    </details>
  );
}
