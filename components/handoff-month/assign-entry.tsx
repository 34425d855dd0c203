"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { assignDocument, unassignDocument } from "@/lib/handoffs/client";
import type { MonthEntry } from "@/lib/views/handoff-month/client";
import { formatDate } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";

type Tenancy = NonNullable<MonthEntry["tenancies"]>[number];
const NO_HANDOFF = "none";
/** Once the assigned resident has it (or a send is under way), the decision stays (the server refuses to undo it). */
const HANDED_ON = new Set<MonthEntry["status"]>([
  "email",
  "portal",
  "opened",
  "printed",
  "posted",
  "pending",
  "unknown",
]);

/** "Erika Muster (01.03.2024 – 14.10.2026)", "Leerstand (ab 15.10.2026)". */
function useTenancyWords() {
  const t = useT();
  const display = useDisplay();
  const day = (d: string) => formatDate(d, display);
  return (x: Tenancy) => {
    const who = x.vacancy ? t("tenancies.vacancy") : (x.name ?? t("tenancies.erased"));
    const when =
      x.moveIn && x.moveOut
        ? `${day(x.moveIn)} – ${day(x.moveOut)}`
        : x.moveIn
          ? t("tenancies.from", { date: day(x.moveIn) })
          : x.moveOut
            ? t("tenancies.until", { date: day(x.moveOut) })
            : t("tenancies.always");
    return `${who} (${when})`;
  };
}

/**
 * A document the one rule hands to nobody (a change of resident in its period, no tenancy covering it): who lived
 * there when, and the manager's choice of who receives it, or that it needs no hand-off. A decision can be undone.
 */
export function AssignEntry({ entry }: { entry: MonthEntry }) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const display = useDisplay();
  const words = useTenancyWords();
  const people = (entry.tenancies ?? []).filter((x) => !x.vacancy && x.name);
  const [choice, setChoice] = useState(people[0]?.id ?? NO_HANDOFF);
  const key = { connectionId: entry.document!.connectionId, documentid: entry.document!.documentid };
  const done = () => client.invalidateQueries({ queryKey: ["handoff-month"] });
  const assign = useMutation({
    mutationFn: () => assignDocument(key, choice === NO_HANDOFF ? null : choice),
    onSuccess: done,
  });
  const undo = useMutation({ mutationFn: () => unassignDocument(key), onSuccess: done });
  const failed = assign.error ?? undo.error;
  return (
    <div className="mt-1 flex flex-col gap-1 text-xs" data-testid="assign-entry">
      {(entry.tenancies ?? []).length > 0 && (
        <ul aria-label={t("tenancies.inPeriod")} className="text-slate-700">
          {entry.tenancies!.map((x) => (
            <li key={x.id}>{words(x)}</li>
          ))}
        </ul>
      )}
      {entry.decided ? (
        <div className="flex flex-wrap items-center gap-2">
          <span>
            {t("tenancies.decidedBy", { by: entry.decided.by ?? "—", at: formatDate(entry.decided.at, display) })}
          </span>
          {!HANDED_ON.has(entry.status) && (
            <Button type="button" variant="secondary" onClick={() => undo.mutate()} disabled={undo.isPending}>
              {t("tenancies.undo")}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={id} className="sr-only">
            {t("tenancies.assignTo", { file: entry.document!.filename })}
          </label>
          <select
            id={id}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            className="rounded border border-slate-300 bg-white px-2 py-1"
          >
            {people.map((x) => (
              <option key={x.id} value={x.id}>
                {words(x)}
              </option>
            ))}
            <option value={NO_HANDOFF}>{t("tenancies.noHandoff")}</option>
          </select>
          <Button type="button" onClick={() => assign.mutate()} disabled={assign.isPending}>
            {t("tenancies.assign")}
          </Button>
        </div>
      )}
      <StatusLine tone="error">{failed && t("tenancies.assignFailed", { reason: failed.message })}</StatusLine>
    </div>
  );
}
