"use client";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { PostedButton, PostedOutcome } from "@/components/handoff-month/posted-button";
import { PrintButton } from "@/components/handoff-month/print-button";
import { handoffProofUrl } from "@/lib/views/handoff-month/client";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";
import { monthRoundKeys, type RoundDocument, type RoundProperty } from "@/lib/views/month-round/client";
import { useT } from "@/lib/i18n/client";
import { ResponsibilityLine } from "@/components/responsibility/responsibility-line";
import { BouncedList } from "./bounced-list";
import { RoundActions } from "./round-actions";
import { exceptionsOf, monthNumbers, openPoints, type Exception, type Step } from "./round-words";
import type { Scope } from "./use-month-runs";

const link = "text-sm text-blue-800 underline underline-offset-2";

/** An id for the property's section, that the table's "to do" link can point at. */
export const sectionId = (property: string) =>
  `property-${encodeURIComponent(property).replace(/[^A-Za-z0-9-]/g, "_")}`;

/** The property's numbers in words: the card's body on a phone (the table shows them from `lg`). */
function Numbers({ row }: { row: RoundProperty }) {
  const t = useT();
  const { handedOn, notReached, toPrint } = monthNumbers(row);
  const c = row.counts;
  const item = (text: ReactNode) => <li>{text}</li>;
  return (
    <ul className="flex flex-col gap-1 text-sm text-slate-800 lg:hidden">
      {item(t("month.arrivedLong", { n: row.documents, units: row.units }))}
      {item(`${t("month.readLong", { n: row.read })} · ${t("month.confirmedLong", { n: row.confirmed })}`)}
      {item(
        `${t("month.handedOnLong", { n: handedOn })} (${t("month.channels", { email: c.email, portal: c.portal + c.opened, posted: c.posted })})`,
      )}
      {notReached > 0 && item(t("month.notReachedLong", { n: notReached }))}
      {toPrint > 0 && item(t("month.toPrintLong", { n: toPrint }))}
    </ul>
  );
}

/** The one action beside a point of what is left to do: the print, the confirmation as posted, or a link. */
function PointAction(props: { point: Exception; todo: Exception[]; scope: HandoffMonthInput; onSettled: () => void }) {
  const t = useT();
  const { point: e, scope, onSettled } = props;
  // One print makes every letter of the month: its button stands at the bounced e-mails above.
  if (e.id === "notPrinted" && props.todo.some((o) => o.id === "bounced"))
    return <span className="text-slate-700">{t("month.printTogether")}</span>;
  // The print itself, as on /handoffs: it saves the letters (a bounced e-mail's too) and marks them made.
  if (e.id === "notPrinted" || e.id === "bounced") return <PrintButton value={scope} onSettled={onSettled} />;
  // Its confirmation as posted: only then are the letters' residents handed on.
  if (e.id === "printed") return <PostedButton value={scope} onSettled={onSettled} />;
  return (
    <Link href={e.href} className={link}>
      {t(e.link)}
    </Link>
  );
}

/**
 * One property's month: on a phone its card (the numbers), everywhere its steps, what is left to do with the one
 * link to where it is done, its DTA files of the whole property, and the proof of the month.
 */
export function PropertySection(props: {
  row: RoundProperty;
  month: string;
  busy: boolean;
  onStart: (scope: Scope, step: Step, docs: RoundDocument[]) => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const { row, month } = props;
  const scope = { property: row.property, month };
  const todo = exceptionsOf(row, month);
  const reread = () => void client.invalidateQueries({ queryKey: monthRoundKeys.all });
  const headingId = `${sectionId(row.property)}-title`;
  const inbox = `/documents?${new URLSearchParams({ property: row.property, month, state: "all" }).toString()}`;
  return (
    <section
      id={sectionId(row.property)}
      aria-labelledby={headingId}
      className="flex scroll-mt-4 flex-col gap-3 rounded border border-slate-200 bg-white p-4"
      data-testid="month-property"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {row.property}
      </h2>
      <ResponsibilityLine row={row} />
      <Numbers row={row} />
      <RoundActions
        scope={scope}
        row={row}
        busy={props.busy}
        onStart={(step, docs) => props.onStart(scope, step, docs)}
      />
      {openPoints(row, month) === 0 && <p className="text-sm text-slate-700">{t("month.allDone")}</p>}
      {todo.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm" aria-label={t("month.col.todo")}>
          {todo.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline gap-x-2" data-testid={`todo-${e.id}`}>
              <span className="text-slate-900">{t(e.text, { n: e.n })}</span>
              {e.id === "bounced" && <BouncedList row={row} />}
              <PointAction point={e} todo={todo} scope={scope} onSettled={reread} />
            </li>
          ))}
        </ul>
      )}
      <PostedOutcome value={scope} />
      {row.withoutConsent > 0 && (
        <p className="text-sm text-slate-800" data-testid="without-consent">
          {row.withoutConsent === 1
            ? t("month.withoutConsent.one")
            : t("month.withoutConsent.other", { n: row.withoutConsent })}{" "}
          <Link href={`/handoffs?${new URLSearchParams(scope).toString()}`} className={link}>
            {t("month.withoutConsent.link")}
          </Link>
        </p>
      )}
      {row.propertyFiles > 0 && (
        <p className="text-sm text-slate-800">
          {row.propertyFiles === 1
            ? t("month.propertyFiles.one")
            : t("month.propertyFiles.other", { n: row.propertyFiles })}{" "}
          <Link href={inbox} className={link}>
            {t("month.propertyFiles.link")}
          </Link>
        </p>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <a href={handoffProofUrl(scope, "pdf")} className={link} download>
          {t("month.proof.pdf")}
        </a>
        <a href={handoffProofUrl(scope, "csv")} className={link} download>
          {t("month.proof.csv")}
        </a>
        <Link href={`/handoffs?${new URLSearchParams(scope).toString()}`} className={link}>
          {t("month.details")}
        </Link>
      </div>
    </section>
  );
}
