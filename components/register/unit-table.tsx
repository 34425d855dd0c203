"use client";
import type { ReactNode } from "react";
import { Table, Td, Th } from "@/components/ui/table";
import { useT } from "@/lib/i18n/client";

/**
 * The table both lists of units share (the register, the admin's residents): a row per unit whose
 * cells the caller gives, an actions column last, and below `md` each row a card (the head then
 * only for screen readers).
 */
export const CARD = {
  row: "max-md:block max-md:border-b max-md:border-slate-200 max-md:p-3",
  cell: "max-md:block max-md:border-0 max-md:p-0 max-md:py-0.5",
};

export function UnitTable(props: { caption: string; headers: string[]; children: ReactNode }) {
  const t = useT();
  return (
    <Table caption={props.caption} captionHidden scrollLabel={props.caption} cards>
      <thead className="max-md:sr-only">
        <tr>
          {props.headers.map((h) => (
            <Th key={h}>{h}</Th>
          ))}
          <Th>
            <span className="sr-only">{t("units.actions")}</span>
          </Th>
        </tr>
      </thead>
      <tbody className="max-md:block">{props.children}</tbody>
    </Table>
  );
}

/** A unit's numbers: the usage unit's, and the property manager's beneath it. */
export function UnitNumberCell(props: { mscnumber: string | null; pmnumber: string | null }) {
  const t = useT();
  return (
    <Td className={`font-mono ${CARD.cell}`}>
      {props.mscnumber ?? "—"}
      {props.pmnumber && <div className="text-xs text-slate-600">{t("units.pm", { pm: props.pmnumber })}</div>}
    </Td>
  );
}
