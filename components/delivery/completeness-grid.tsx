"use client";
import { Table } from "@/components/ui/table";
import { formatMonth } from "@/lib/format";
import type { Completeness, CompletenessCell } from "@/lib/views/completeness/client";
import { handoffProofUrl } from "@/lib/views/handoff-month/client";
import { useLocale, useT } from "@/lib/i18n/client";
import { propertyName, type UnitRegister } from "./unit-names";

type Status = Exclude<CompletenessCell, null>;

/** Each state has a word and a mark, and its colour only repeats them (not colour alone). */
export const CELL_STYLE: Record<Status, { mark: string; className: string }> = {
  handedOver: { mark: "✉", className: "bg-emerald-100 text-emerald-900" },
  confirmed: { mark: "✓", className: "bg-green-50 text-green-900" },
  fetched: { mark: "●", className: "bg-blue-50 text-blue-900" },
  arrived: { mark: "○", className: "bg-slate-50 text-slate-800" },
  missing: {
    mark: "✗",
    className: "bg-red-100 font-semibold text-red-900 outline outline-1 -outline-offset-1 outline-red-400",
  },
};
const STATUSES: Status[] = ["handedOver", "confirmed", "fetched", "arrived", "missing"];

export function Legend() {
  const t = useT();
  return (
    <div className="rounded border border-slate-200 bg-white p-3">
      <h2 id="legend-title" className="text-sm font-semibold">
        {t("completeness.legend")}
      </h2>
      <ul aria-labelledby="legend-title" className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-2">
            <span
              className={`inline-flex min-w-24 items-center gap-1 rounded px-2 py-0.5 text-xs ${CELL_STYLE[s].className}`}
            >
              <span aria-hidden="true">{CELL_STYLE[s].mark}</span>
              {t(`completeness.cell.${s}`)}
            </span>
            <span className="text-slate-700">{t(`completeness.legend.${s}`)}</span>
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span className="inline-flex min-w-24 rounded border border-dashed border-slate-300 px-2 py-0.5 text-xs text-slate-600">
            {t("completeness.legend.emptyLabel")}
          </span>
          <span className="text-slate-700">{t("completeness.legend.empty")}</span>
        </li>
      </ul>
    </div>
  );
}

type GridUnit = Completeness["units"][number];
type Section = { key: string; register: UnitRegister; units: GridUnit[] };

/**
 * The grid's units (which come by property) in one section per property; one section for all when no unit is
 * registered.
 */
function sectionsOf(units: GridUnit[]): Section[] {
  const sections: Section[] = [];
  for (const u of units) {
    const key = u.register ? `p:${u.register.property ?? ""}` : "unregistered";
    const last = sections.at(-1);
    if (last?.key === key) last.units.push(u);
    else sections.push({ key, register: u.register, units: [u] });
  }
  return sections;
}

/** A property's heading row: its name and address, kept in view while the months scroll. */
function SectionHeading({ register, span }: { register: UnitRegister; span: number }) {
  const t = useT();
  return (
    <tr>
      <th scope="rowgroup" colSpan={span} className="border-b border-slate-300 bg-slate-100 px-3 py-1.5 text-left">
        <span className="sticky left-3 inline-block">
          <span className="font-semibold">{propertyName(register, t)}</span>
          {register?.address && <span className="ml-2 text-sm font-normal text-slate-700">{register.address}</span>}
        </span>
      </th>
    </tr>
  );
}

function UnitRow({ unit: u, months }: { unit: GridUnit; months: string[] }) {
  const t = useT();
  // The register's label wins over the provider's, as in the inbox.
  const names = [u.pmnumber, u.register?.label ?? u.label].filter(Boolean).join(" · ");
  return (
    <tr>
      <th
        scope="row"
        className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-1.5 text-left font-normal"
      >
        <span className="font-mono text-sm font-medium">{u.unit}</span>
        {names && <span className="block text-xs text-slate-600">{names}</span>}
      </th>
      {u.cells.map((c, i) => (
        <td
          key={months[i]}
          className={`border-b border-l border-slate-100 px-2 py-1.5 text-center text-xs whitespace-nowrap ${c ? CELL_STYLE[c].className : ""}`}
          data-cell={c ?? "empty"}
        >
          {c === "handedOver" ? (
            <>
              {/* The short word for the eye; a screen reader hears the legend's whole phrase. */}
              <span aria-hidden="true">
                {CELL_STYLE[c].mark} {t("completeness.cell.handedOver")}
              </span>
              <span className="sr-only">{t("completeness.legend.handedOver")}</span>
            </>
          ) : (
            c && (
              <>
                <span aria-hidden="true">{CELL_STYLE[c].mark} </span>
                {t(`completeness.cell.${c}`)}
              </>
            )
          )}
        </td>
      ))}
    </tr>
  );
}

/** Per month the proof of the hand-off (PDF) of this property in the register of the connection's owner, without names. */
function ProofRow({ property, months, connection }: { property: string; months: string[]; connection: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <tr data-testid="proof-row">
      <th
        scope="row"
        className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-1.5 text-left text-xs font-normal text-slate-700"
      >
        {t("handoffProof.row")}
      </th>
      {months.map((m) => (
        <td key={m} className="border-b border-l border-slate-100 px-2 py-1.5 text-center text-xs">
          <a
            href={handoffProofUrl({ property, month: m, connection }, "pdf")}
            download
            className="text-blue-800 underline underline-offset-2"
            aria-label={t("handoffProof.monthPdf", { month: formatMonth(m, locale, "long"), property })}
          >
            PDF
          </a>
        </td>
      ))}
    </tr>
  );
}

/**
 * Usage units × months: row headers name the unit, column headers the month; the units by property, under its name.
 * With a connection in the scope, each named property has a row of its months' proofs (`proofConnection`).
 */
export function CompletenessGrid({ data, proofConnection }: { data: Completeness; proofConnection?: string }) {
  const t = useT();
  const locale = useLocale();
  const first = data.months[0] ?? "";
  const last = data.months.at(-1) ?? "";
  const caption = t("completeness.caption", { from: formatMonth(first, locale), to: formatMonth(last, locale) });
  const sections = sectionsOf(data.units);
  const headed = sections.some((s) => s.register !== null);
  // Months run wider than a phone (or a narrow window): the grid scrolls in its own region.
  return (
    <Table caption={caption} scrollLabel={caption}>
      <thead>
        <tr>
          <th
            scope="col"
            className="sticky left-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold"
          >
            {t("completeness.unit")}
          </th>
          {data.months.map((m) => (
            <th
              key={m}
              scope="col"
              className="border-b border-slate-200 bg-slate-50 px-2 py-2 text-center font-semibold whitespace-nowrap"
            >
              <time dateTime={m}>{formatMonth(m, locale)}</time>
            </th>
          ))}
        </tr>
      </thead>
      {sections.map((s) => (
        <tbody key={s.key} data-testid="completeness-section">
          {headed && <SectionHeading register={s.register} span={data.months.length + 1} />}
          {proofConnection && s.register?.property && (
            <ProofRow property={s.register.property} months={data.months} connection={proofConnection} />
          )}
          {s.units.map((u) => (
            <UnitRow key={u.unit} unit={u} months={data.months} />
          ))}
        </tbody>
      ))}
    </Table>
  );
}
