"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { useT } from "@/lib/i18n/client";
import { teamKeys, type Merged, type Team } from "@/lib/teams/client";
import { userKeys } from "@/lib/users/client";
import { MergeForm } from "./merge-form";

/** Renames a team (PATCH /api/teams/{id} `{name}`); the users page shows team names too, so both lists refresh. */
function RenameForm({ team, onRenamed }: { team: Team; onRenamed: (team: Team) => void }) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState(team.name);
  const rename = useMutation({
    mutationFn: () => fetchJson<Team>(`/api/teams/${team.id}`, { method: "PATCH", body: JSON.stringify({ name }) }),
    onSuccess: async (renamed) => {
      onRenamed(renamed);
      await Promise.all([
        client.invalidateQueries({ queryKey: teamKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
  const err = rename.error instanceof HttpError ? rename.error : null;
  const message = err ? (err.fields[0]?.message ?? err.message) : null;
  function submit(e: FormEvent) {
    e.preventDefault();
    rename.mutate();
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <label htmlFor={`${id}-name`} className="sr-only">
        {t("teams.renameLabel", { name: team.name })}
      </label>
      <input
        id={`${id}-name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className="min-w-0 flex-1 basis-40 rounded border border-slate-300 bg-white px-2 py-1 aria-invalid:border-red-500"
      />
      <Button variant="secondary" type="submit" disabled={rename.isPending || name.trim() === team.name}>
        {t("teams.rename")}
      </Button>
      {message && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {message}
        </p>
      )}
    </form>
  );
}

/**
 * One team: its name (and a rename), its four eyes as set, its members by name, address and role, and the merge of
 * another team into it (merge-form.tsx; offered when there is another team).
 */
export function TeamCard(props: {
  team: Team;
  others: Team[];
  isOwn: boolean;
  onRenamed: (team: Team) => void;
  onMerged: (merged: Merged) => void;
}) {
  const t = useT();
  const id = useId();
  const { team } = props;
  const n = team.members.length;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {team.name}
        </h2>
        <p className="text-sm text-slate-600">
          {n === 1 ? t("teams.memberCount.one") : t("teams.memberCount.other", { n })}
          {props.isOwn && <> · {t("teams.yours")}</>}
        </p>
      </div>
      <RenameForm key={team.name} team={team} onRenamed={props.onRenamed} />
      <p className="text-sm text-slate-700">
        {team.fourEyes.enabled ? t("teams.fourEyes.on", { n: team.fourEyes.minDocuments }) : t("teams.fourEyes.off")}
      </p>
      <h3 className="text-sm font-semibold">{t("teams.members")}</h3>
      {n === 0 ? (
        <p className="text-sm text-slate-600">{t("teams.noMembers")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {team.members.map((m) => (
            <li key={m.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{m.name}</span> <span className="text-slate-600">{m.email}</span>
              </span>
              <span className="text-slate-600">{t(`role.${m.role}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {props.others.length > 0 && <MergeForm team={team} others={props.others} onMerged={props.onMerged} />}
    </section>
  );
}
