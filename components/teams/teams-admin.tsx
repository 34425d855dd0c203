"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { useT } from "@/lib/i18n/client";
import { teamKeys, teamsQuery, type Merged, type Team } from "@/lib/teams/client";
import { MergeConflicts } from "./merge-conflicts";
import { TeamCard } from "./team-card";

/** A new, empty team (POST /api/teams); its members come from the users page. */
function CreateTeamForm({ onCreated }: { onCreated: (team: Team) => void }) {
  const t = useT();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => fetchJson<Team>("/api/teams", { method: "POST", body: JSON.stringify({ name }) }),
    onSuccess: (team) => {
      setName("");
      onCreated(team);
      return client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
  const err = create.error instanceof HttpError ? create.error : null;
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate();
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="create-team"
      className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id="create-team" className="w-full text-lg font-semibold">
        {t("teams.create")}
      </h2>
      <div className="min-w-0 flex-1 basis-60">
        <TextField
          label={t("teams.name")}
          value={name}
          onChange={setName}
          error={err?.fields.find((f) => f.path === "name")?.message}
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {t("teams.create")}
      </Button>
      {err && !err.fields.length && (
        <p role="alert" className="w-full text-sm text-red-700">
          {err.message}
        </p>
      )}
    </form>
  );
}

/**
 * The admins' teams page (/admin/teams): every team with its members and its four eyes; make one, rename one, merge
 * one into another (the counts in the status line, the conflicts below it, with their file).
 */
export function TeamsAdmin({ ownTeamId }: { ownTeamId: string }) {
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  const [merged, setMerged] = useState<Merged | null>(null);
  const list = useQuery(teamsQuery());
  const router = useRouter();
  function onMerged(done: Merged) {
    const { units, connections } = done.answer;
    setMerged(done);
    // The admin's own team went: the frame's team name and "Ihr Team" come from the server.
    if (done.from.id === ownTeamId) router.refresh();
    setNotice(
      t("teams.merge.done", {
        from: done.from.name,
        into: done.into.name,
        units: units.merged,
        connections: connections.merged,
        conflicts: units.conflicts.length,
      }),
    );
  }
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-xl font-semibold">
        {t("teams.title")}
      </h1>
      <p className="max-w-prose text-sm text-slate-700">{t("teams.intro")}</p>
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {notice}
      </p>
      {merged && merged.answer.units.conflicts.length > 0 && <MergeConflicts key={merged.from.id} merged={merged} />}
      <CreateTeamForm onCreated={(team) => setNotice(t("teams.created", { name: team.name }))} />
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      )}
      {list.data?.length === 0 && <p>{t("teams.empty")}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="grid gap-4 lg:grid-cols-2">
          {list.data.map((team) => (
            <li key={team.id} className="min-w-0">
              <TeamCard
                team={team}
                others={list.data.filter((x) => x.id !== team.id)}
                isOwn={team.id === ownTeamId}
                onRenamed={(x) => setNotice(t("teams.renamed", { name: x.name }))}
                onMerged={onMerged}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
