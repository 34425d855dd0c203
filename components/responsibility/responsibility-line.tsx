"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import { putResponsible, responsibilityKeys, teamResponsibilityQuery } from "@/lib/responsibility/client";
import { monthRoundKeys, type RoundProperty } from "@/lib/views/month-round/client";
import { unitsKeys } from "@/lib/views/units-page/client";

const NONE = "";

/** The two selects of one property: the team's members, read when the editor opens. */
/** What a line shows of one property: the month page's row, or the register's list (lib/responsibility). */
type Row = Pick<RoundProperty, "property" | "responsible" | "deputy" | "standIn">;

function Editor(props: { row: Row; onDone: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const team = useQuery(teamResponsibilityQuery());
  const [responsible, setResponsible] = useState(props.row.responsible?.id ?? NONE);
  const [deputy, setDeputy] = useState(props.row.deputy?.id ?? NONE);
  const save = useMutation({
    mutationFn: () =>
      putResponsible({ property: props.row.property, responsibleId: responsible, deputyId: deputy || null }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: monthRoundKeys.all }),
        client.invalidateQueries({ queryKey: responsibilityKeys.all }),
        client.invalidateQueries({ queryKey: unitsKeys.all }),
      ]);
      props.onDone();
    },
  });
  const members = (team.data?.members ?? []).map((m) => ({ value: m.id, label: m.name }));
  const fieldError = (path: string) =>
    save.error && "fields" in save.error
      ? (save.error.fields as { path: string; message: string }[]).find((f) => f.path === path)?.message
      : undefined;
  return (
    <form
      className="flex flex-col gap-3 rounded border border-slate-200 p-3 sm:flex-row sm:flex-wrap sm:items-end"
      aria-label={t("responsibility.editFor", { property: props.row.property })}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <SelectField
        label={t("responsibility.responsibleLabel")}
        value={responsible}
        onChange={setResponsible}
        disabled={!team.data}
        error={fieldError("responsibleId")}
        options={[{ value: NONE, label: t("responsibility.choose") }, ...members]}
      />
      <SelectField
        label={t("responsibility.deputyLabel")}
        value={deputy}
        onChange={setDeputy}
        disabled={!team.data}
        error={fieldError("deputyId")}
        options={[
          { value: NONE, label: t("responsibility.noDeputy") },
          ...members.filter((m) => m.value !== responsible),
        ]}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={responsible === NONE || save.isPending}>
          {t("responsibility.save")}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onDone}>
          {t("responsibility.cancel")}
        </Button>
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-red-800 sm:basis-full">
          {t("responsibility.failed", { reason: save.error.message })}
        </p>
      )}
    </form>
  );
}

/**
 * "Verantwortlich: {name}" of one property on the month page (and the register's list, responsibility-list.tsx), "in Vertretung für {name}" when the caller stands in
 * for an absent member today, and a small editor of the responsible member and the deputy (lib/responsibility).
 */
export function ResponsibilityLine({ row }: { row: Row }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="responsibility-line">
        <span className="text-slate-900">
          {row.responsible
            ? t("responsibility.responsible", { name: row.responsible.name })
            : t("responsibility.nobody")}
        </span>
        {row.standIn && (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">
            {t("responsibility.standIn", { name: row.standIn.forName })}
          </span>
        )}
        {row.deputy && !row.standIn && (
          <span className="text-slate-700">{t("responsibility.deputyLine", { name: row.deputy.name })}</span>
        )}
        <button
          type="button"
          className="text-blue-800 underline underline-offset-2"
          aria-expanded={editing}
          aria-controls={editorId}
          aria-label={`${t("responsibility.edit")}: ${row.property}`}
          onClick={() => setEditing(!editing)}
        >
          {t("responsibility.edit")}
        </button>
      </p>
      <div id={editorId}>{editing && <Editor row={row} onDone={() => setEditing(false)} />}</div>
    </div>
  );
}
