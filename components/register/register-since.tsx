"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import { registerSettingsQuery, saveRegisterSince, unitsKeys } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";
import { fieldErrorsOf, otherErrors } from "./use-form-errors";

/** The form, once the stored day is known (its field starts with it). */
function SinceForm({ stored }: { stored: string | null }) {
  const t = useT();
  const queries = useQueryClient();
  const [since, setSince] = useState(stored ?? "");
  const [notice, setNotice] = useState("");
  const save = useMutation({
    mutationFn: () => saveRegisterSince(since === "" ? null : since),
    onSuccess: async (saved) => {
      setNotice(saved.since ? t("units.since.saved") : t("units.since.cleared"));
      await queries.invalidateQueries({ queryKey: unitsKeys.all });
    },
  });
  const fields = fieldErrorsOf(save.error);
  const others = otherErrors(fields, ["since"]);
  // A refusal that names no field (or no answer at all) is said below the form.
  const problem = others.length > 0 ? others.join(" ") : save.error && !fields.since ? save.error.message : "";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice("");
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <TextField
        label={t("units.since.label")}
        hint={t("units.since.hint")}
        type="date"
        value={since}
        onChange={setSince}
        error={fields.since}
      />
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {t("units.since.save")}
      </Button>
      <div className="basis-full">
        <StatusLine tone="success">{notice}</StatusLine>
        <StatusLine tone="error">{problem}</StatusLine>
      </div>
    </form>
  );
}

/**
 * The register's "Bestand seit" (docs/api.md, "The unit register"): from when residents without a
 * move-in are reported to the providers, and how many units have such a resident, with the button
 * that lists them (`?moveIn=unknown`) or all units again.
 */
export function RegisterSince(props: { missing: number; filtered: boolean; onFilter: (on: boolean) => void }) {
  const t = useT();
  const settings = useQuery(registerSettingsQuery());
  return (
    <section aria-labelledby="register-since" className="flex flex-col gap-2 rounded border border-slate-200 p-3">
      <h3 id="register-since" className="font-medium">
        {t("units.since.title")}
      </h3>
      <p className="max-w-prose text-sm text-slate-700">{t("units.since.intro")}</p>
      {settings.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("units.since.loadFailed", { reason: settings.error.message })}
        </p>
      )}
      {settings.data && <SinceForm key={settings.data.since ?? ""} stored={settings.data.since} />}
      {(props.missing > 0 || props.filtered) && (
        <p data-testid="move-in-unknown-count" className="flex flex-wrap items-baseline gap-2 text-sm">
          <span>
            {props.missing === 1 ? t("units.since.missingOne") : t("units.since.missing", { n: props.missing })}
          </span>
          <button
            type="button"
            aria-pressed={props.filtered}
            className="text-blue-800 underline underline-offset-2"
            onClick={() => props.onFilter(!props.filtered)}
          >
            {props.filtered ? t("reports.filterAll") : t("units.since.showMissing")}
          </button>
        </p>
      )}
    </section>
  );
}
