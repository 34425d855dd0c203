"use client";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";
import { conflictsCsv, conflictsFileName, unitNumberOf } from "@/lib/teams/conflicts-csv";
import type { Merged } from "@/lib/teams/client";

/** Saves the text as a file, built in the browser: a Blob behind a download link that is clicked once. */
function save(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The conflicts of a team merge (issue #46): units both teams kept with different tenancies, now in the kept team's
 * version; the going team's rows can be saved as a file for the register import (lib/teams/conflicts-csv.ts).
 */
export function MergeConflicts({ merged }: { merged: Merged }) {
  const t = useT();
  const id = useId();
  const names = { from: merged.from.name, into: merged.into.name };
  const { conflicts } = merged.answer.units;
  const unitName = (key: string) => {
    const { kind, number } = unitNumberOf(key);
    return t(kind === "pm" ? "teams.merge.conflicts.pmUnit" : "teams.merge.conflicts.unit", { unit: number });
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere]">
        {t("teams.merge.conflicts.title", names)}
      </h2>
      <p className="max-w-prose text-sm text-slate-800">{t("teams.merge.conflicts.intro", names)}</p>
      <ul className="flex flex-col divide-y divide-amber-200 text-sm">
        {conflicts.map((c) => (
          <li key={c.unitKey} className="flex flex-wrap gap-x-3 py-1.5 [overflow-wrap:anywhere]">
            <span className="font-medium">{unitName(c.unitKey)}</span>
            {c.property && <span>{c.property}</span>}
            {c.label && <span className="text-slate-700">{c.label}</span>}
          </li>
        ))}
      </ul>
      <div>
        <Button
          type="button"
          onClick={() => save(conflictsCsv(conflicts), conflictsFileName(merged.from.name, new Date()))}
        >
          {t("teams.merge.conflicts.download")}
        </Button>
      </div>
      <p className="max-w-prose text-sm text-slate-800">{t("teams.merge.conflicts.hint", names)}</p>
    </section>
  );
}
