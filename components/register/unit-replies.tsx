"use client";
import { formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import type { Unit } from "@/lib/views/units-page/client";

/**
 * The replies read back from the unit's residents' e-mails (docs/api.md, "Bounces"), read-only and folded: each with
 * its kind ("Automatische Antwort", "Antwort des Bewohners"), date, subject and plain text. Nothing when there is none.
 */
export function UnitReplies({ unit }: { unit: Unit }) {
  const t = useT();
  const display = useDisplay();
  if (unit.replies.length === 0) return null;
  return (
    <details data-testid="unit-replies" className="mt-2 text-sm">
      <summary className="cursor-pointer text-blue-800 underline underline-offset-2">
        {t("replies.title", { count: unit.replies.length })}
      </summary>
      <ul className="mt-1 flex flex-col gap-2">
        {unit.replies.map((r, i) => (
          <li key={`${r.at}-${i}`} data-testid="unit-reply" className="rounded border border-slate-200 bg-slate-50 p-2">
            <p className="text-xs text-slate-700">
              {t("replies.entry", {
                kind: t(`replies.kind.${r.kind}`),
                at: formatDateTime(r.at, display),
              })}
            </p>
            <p className="font-medium [overflow-wrap:anywhere]">{r.subject || t("replies.noSubject")}</p>
            <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.text}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
