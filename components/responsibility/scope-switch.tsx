"use client";
import { useT } from "@/lib/i18n/client";

/**
 * "Meine Liegenschaften / Ganzes Team": two radio buttons in one group, so that the arrow keys move between them and a
 * screen reader names the choice; the page keeps it in the URL (`mine=1`).
 */
export function ScopeSwitch(props: { mine: boolean; onChange: (mine: boolean) => void }) {
  const t = useT();
  const option = (mine: boolean, label: string) => (
    <label
      className={`flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700 ${props.mine === mine ? "bg-blue-700 text-white" : "text-slate-800 hover:bg-slate-100"}`}
    >
      <input
        type="radio"
        name="month-scope"
        className="sr-only"
        checked={props.mine === mine}
        onChange={() => props.onChange(mine)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-1" data-testid="scope-switch">
      <legend className="mb-1 text-sm font-medium text-slate-900">{t("responsibility.scope")}</legend>
      <div className="flex w-fit flex-wrap rounded border border-slate-300 bg-white p-0.5">
        {option(true, t("responsibility.mine"))}
        {option(false, t("responsibility.team"))}
      </div>
    </fieldset>
  );
}
