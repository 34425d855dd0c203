"use client";
import { Button } from "@/components/ui/button";
import { Td } from "@/components/ui/table";
import { historyOf } from "@/lib/register/tenancies/client";
import type { Unit } from "@/lib/views/units-page/client";
import { formatDate } from "@/lib/format";
import { useDisplay, useLocale, useT } from "@/lib/i18n/client";
import { PortalLinkActions } from "./portal-link-actions";
import { ReportStatus } from "./report-status";
import type { RowDialog } from "./row-dialog";
import { formatDay, TenancyHistory, unitName } from "./tenancy-history";
import { CARD, UnitNumberCell } from "./unit-table";
import { HoldBadge } from "./unit-hold";
import { UnitReplies } from "./unit-replies";

/** The present resident with contact, else "Leerstand" (a running vacancy) or no resident at all. */
function PresentResident({ unit }: { unit: Unit }) {
  const t = useT();
  const r = unit.resident;
  if (r)
    return (
      <>
        <div>{r.name}</div>
        {r.email && <div className="text-xs text-slate-600">{r.email}</div>}
        {r.postalAddress && <div className="text-xs whitespace-pre-line text-slate-600">{r.postalAddress}</div>}
      </>
    );
  const vacant = historyOf(unit).find((x) => x.moveOut === null)?.vacancy;
  return <span className="text-slate-600">{vacant ? t("tenancyPage.vacancy") : t("units.noResident")}</span>;
}

/**
 * The channel in force and what backs it (issue #47): a digital channel's consent (in writing, with its day and
 * reference, or by the resident's link), or the resident's objection where the letter applies after one.
 */
function ChannelCell({ resident: r }: { resident: Unit["resident"] }) {
  const t = useT();
  const locale = useLocale();
  const display = useDisplay();
  if (!r) return <>—</>;
  const c = r.consent;
  const note = c
    ? c.how === "link"
      ? t("units.consent.link", { at: formatDate(c.at, display) })
      : c.reference
        ? t("units.consent.writtenWithReference", { at: formatDay(c.at.slice(0, 10), locale), reference: c.reference })
        : t("units.consent.written", { at: formatDay(c.at.slice(0, 10), locale) })
    : r.objectedAt
      ? t("units.consent.objected", { at: formatDate(r.objectedAt, display) })
      : null;
  return (
    <span data-testid="unit-channel">
      {t(`units.channel.${r.channel}`)}
      {note && (
        <>
          <span className="sr-only"> · </span>
          <span className="block text-xs text-slate-600">{note}</span>
        </>
      )}
    </span>
  );
}

/**
 * A resident without a move-in, on a register that reports: from when the providers are told they
 * live there ("Bestand seit" or the unit's oldest document), or that the unit cannot be reported
 * until a move-in or "Bestand seit" is entered (then with the button that opens the move-in).
 */
function UnknownMoveIn({ unit, onOpen }: { unit: Unit; onOpen: (dialog: RowDialog) => void }) {
  const t = useT();
  const locale = useLocale();
  const missing = unit.unknownMoveIn;
  const tenancy = missing && unit.tenancies.find((x) => x.id === missing.tenancyId);
  if (!missing || !tenancy) return null;
  if (missing.since && missing.basis)
    return (
      <p data-testid="move-in-unknown" className="mt-1 text-xs text-amber-900">
        {t("units.moveInUnknown.reported", {
          day: formatDay(missing.since, locale),
          basis: t(`units.moveInUnknown.basis.${missing.basis}`),
        })}
      </p>
    );
  return (
    <div data-testid="move-in-unknown" className="mt-1 text-xs text-amber-900">
      <p>{t("units.moveInUnknown.notReported")}</p>
      <button
        type="button"
        className="text-left text-blue-800 underline underline-offset-2"
        onClick={() => onOpen({ kind: "correct", unit, tenancy })}
      >
        {t("reports.explain.enterMoveIn", { name: tenancy.resident?.name ?? "" })}
      </button>
    </div>
  );
}

/** The user's connections by id and how many of them report (for the reports' column). */
export type ReportConnections = { names: Map<string, string>; reporting: number };

/**
 * One unit of the register: numbers, place (with its legal hold), present resident with the history and the replies
 * read back from their e-mails, channel, reports, actions.
 */
export function UnitRow(props: { unit: Unit; reports: ReportConnections; onOpen: (dialog: RowDialog) => void }) {
  const { unit, onOpen } = props;
  const t = useT();
  const r = unit.resident;
  return (
    <tr data-testid="unit-row" className={CARD.row}>
      <UnitNumberCell mscnumber={unit.mscnumber} pmnumber={unit.pmnumber} />
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>
        <div>{unit.property ?? "—"}</div>
        {unit.address && <div className="text-xs text-slate-600">{unit.address}</div>}
        {unit.hold && <HoldBadge hold={unit.hold} />}
      </Td>
      <Td className={CARD.cell}>{unit.label ?? "—"}</Td>
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>
        <div data-testid="present-resident">
          <PresentResident unit={unit} />
        </div>
        {props.reports.reporting > 0 && <UnknownMoveIn unit={unit} onOpen={onOpen} />}
        <TenancyHistory unit={unit} onCorrect={(tenancy) => onOpen({ kind: "correct", unit, tenancy })} />
        <UnitReplies unit={unit} />
      </Td>
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>
        <ChannelCell resident={r} />
      </Td>
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>
        <div data-testid="report-status">
          <ReportStatus unit={unit} names={props.reports.names} reporting={props.reports.reporting} onOpen={onOpen} />
        </div>
      </Td>
      <Td className={CARD.cell}>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => onOpen({ kind: "edit", unit })}
            aria-label={t("units.editLabel", { unit: unitName(unit) })}
          >
            {t("units.edit")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => onOpen({ kind: "move", unit })}
            aria-label={t("tenancyPage.moveLabel", { unit: unitName(unit) })}
          >
            {t("tenancyPage.move")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => onOpen({ kind: "hold", unit })}
            aria-label={t("units.hold.openLabel", { unit: unitName(unit) })}
          >
            {t("units.hold.open")}
          </Button>
        </div>
        {r?.channel === "portal" && <PortalLinkActions unit={unit} />}
      </Td>
    </tr>
  );
}
