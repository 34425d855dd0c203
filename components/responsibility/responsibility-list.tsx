"use client";
import { useQuery } from "@tanstack/react-query";
import { useT } from "@/lib/i18n/client";
import { teamResponsibilityQuery } from "@/lib/responsibility/client";
import { ResponsibilityLine } from "./responsibility-line";

/**
 * The register's own place to set who looks after each property (issue #46: "set on the register and the month
 * page"): every property of the team's register with its "Verantwortlich" line and editor, folded away under one
 * disclosure that says how many properties have no one named yet.
 */
export function ResponsibilityList() {
  const t = useT();
  const team = useQuery(teamResponsibilityQuery());
  const properties = team.data?.properties ?? [];
  if (properties.length === 0) return null;
  const unnamed = properties.filter((p) => p.responsible === null).length;
  return (
    <details className="rounded border border-slate-200 bg-white p-3" data-testid="responsibility-list">
      <summary className="cursor-pointer font-semibold">
        {t("responsibility.listTitle", { n: properties.length })}
        {unnamed > 0 && (
          <span className="font-normal text-amber-900"> · {t("responsibility.unnamed", { n: unnamed })}</span>
        )}
      </summary>
      <ul className="mt-3 flex flex-col divide-y divide-slate-100">
        {properties.map((p) => (
          <li key={p.property} className="flex flex-col gap-1 py-2">
            <span className="font-medium [overflow-wrap:anywhere]">{p.property}</span>
            <ResponsibilityLine row={{ ...p, standIn: null }} />
          </li>
        ))}
      </ul>
    </details>
  );
}
