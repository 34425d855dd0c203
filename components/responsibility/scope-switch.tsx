"use client";
import { useState } from "react";
import { useT } from "@/lib/i18n/client";

type Asked = "1" | "0";

/**
 * The scope a page asks for: the URL's, else the one the page opened at, and how to keep that one. Unasked, the
 * server chooses (mine when the caller acts for any property); `keep` with the first answer's choice pins it while the
 * page is open, so that naming oneself responsible on it does not narrow the list under one's hands.
 */
export function usePinnedScope(asked: Asked | undefined) {
  const [pinned, setPinned] = useState<Asked>();
  const mine = asked ?? pinned;
  const keep = (answered: "mine" | "team" | undefined) => {
    if (mine === undefined && answered) setPinned(answered === "mine" ? "1" : "0");
  };
  return [mine, keep] as const;
}

/**
 * "Meine Liegenschaften / Ganzes Team": two radio buttons in one group, so that the arrow keys move between them and a
 * screen reader names the choice; the page keeps it in the URL (`mine=1` or `0`;
 * unasked, the answer says where the page opened).
 */
export function ScopeSwitch(props: { mine: boolean; onChange: (mine: boolean) => void }) {
  const t = useT();
  const option = (mine: boolean, label: string) => (
    <label
      className={`flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700 ${props.mine === mine ? "bg-blue-700 text-white" : "text-slate-800 hover:bg-slate-100"}`}
    >
      <input
        type="radio"
        name="scope"
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
