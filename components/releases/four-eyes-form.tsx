"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { useT } from "@/lib/i18n/client";
import { teamKeys, teamQuery, type Team } from "@/lib/teams/client";

type FourEyes = Team["fourEyes"];

/** The form over the team's setting as read; `key` it by the setting so that a saved one starts it afresh. */
function SettingForm(props: { team: Team; onSaved: (team: Team) => void }) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(props.team.fourEyes.enabled);
  const [min, setMin] = useState(String(props.team.fourEyes.minDocuments));
  const save = useMutation({
    mutationFn: (fourEyes: FourEyes) =>
      fetchJson<Team>(`/api/teams/${props.team.id}`, { method: "PATCH", body: JSON.stringify({ fourEyes }) }),
    onSuccess: async (team) => {
      props.onSaved(team);
      await client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
  const err = save.error instanceof HttpError ? save.error : null;
  const fieldError = err?.fields.find((f) => f.path.endsWith("minDocuments"))?.message ?? null;
  const minDocuments = Number(min);
  const unchanged = enabled === props.team.fourEyes.enabled && minDocuments === props.team.fourEyes.minDocuments;
  function submit(e: FormEvent) {
    e.preventDefault();
    // A number the input cannot hold goes as it is: the server names what it allows.
    save.mutate({ enabled, minDocuments: Number.isInteger(minDocuments) ? minDocuments : -1 });
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="mt-0.5 h-4 w-4"
        />
        <span>{t("releases.fourEyes.enable")}</span>
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-min`} className="text-sm font-medium">
          {t("releases.fourEyes.min")}
        </label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="numeric"
          min={1}
          max={100000}
          value={min}
          onChange={(e) => setMin(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ""}`}
          className="w-32 rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
        />
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t("releases.fourEyes.minHint")}
        </p>
        {fieldError && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {fieldError}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending || unchanged}>
          {t("releases.fourEyes.save")}
        </Button>
      </div>
      {err && !fieldError && (
        <p role="alert" className="text-sm text-red-700">
          {err.message}
        </p>
      )}
    </form>
  );
}

/**
 * The team's four eyes on the page "Freigaben" (issue #46, `PATCH /api/teams/{id}`'s `fourEyes`): whether bulk
 * confirmations above a number of documents, hand-off runs and prints wait for a second member, set by any member
 * of the team. What is in force is said in words; a change is audited (`team.update`).
 */
export function FourEyesSettings({ teamId }: { teamId: string }) {
  const t = useT();
  const team = useQuery(teamQuery(teamId));
  const [saved, setSaved] = useState("");
  const data = team.data;
  return (
    <section aria-labelledby="four-eyes-title" className="flex max-w-prose flex-col gap-3 rounded border p-4">
      <h2 id="four-eyes-title" className="text-lg font-semibold">
        {t("releases.fourEyes.title")}
      </h2>
      {team.error && (
        <p role="alert" className="text-sm text-red-700">
          {team.error.message}
        </p>
      )}
      {data && (
        <>
          <p className="text-sm text-slate-700" data-testid="four-eyes-state">
            {data.fourEyes.enabled
              ? t("releases.fourEyes.on", { n: data.fourEyes.minDocuments })
              : t("releases.fourEyes.off")}
          </p>
          <SettingForm
            key={`${data.fourEyes.enabled}|${data.fourEyes.minDocuments}`}
            team={data}
            onSaved={(next) =>
              setSaved(next.fourEyes.enabled ? t("releases.fourEyes.savedOn") : t("releases.fourEyes.savedOff"))
            }
          />
        </>
      )}
      <StatusLine tone="success">{saved}</StatusLine>
    </section>
  );
}
