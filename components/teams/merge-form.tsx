"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";
import { mergeTeams, teamKeys, type Merged, type Team } from "@/lib/teams/client";
import { userKeys } from "@/lib/users/client";
import { MergeDialog } from "./merge-dialog";

/**
 * "In dieses Team zusammenführen" on a team's card (issue #46, `POST /api/teams/{id}/merge`): the other team chosen
 * by name and member count, asked first (merge-dialog.tsx), then both lists refresh (the users page shows teams too).
 * A refusal (400, 403, 404) is shown in the server's words.
 */
export function MergeForm(props: { team: Team; others: Team[]; onMerged: (merged: Merged) => void }) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const button = useRef<HTMLButtonElement>(null);
  const [fromId, setFromId] = useState("");
  const [asking, setAsking] = useState(false);
  const [unchosen, setUnchosen] = useState(false);
  const { team, others } = props;
  const from = others.find((x) => x.id === fromId) ?? null;
  const merge = useMutation({
    mutationFn: (going: Team) => mergeTeams(team.id, going.id),
    onSuccess: async (answer, going) => {
      setFromId("");
      props.onMerged({ answer, from: going, into: team });
      await Promise.all([
        client.invalidateQueries({ queryKey: teamKeys.all }),
        client.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
  const message = unchosen ? t("teams.merge.chooseFirst", { name: team.name }) : (merge.error?.message ?? null);
  function submit(e: FormEvent) {
    e.preventDefault();
    setUnchosen(from === null);
    if (from) setAsking(true);
  }
  const count = (n: number) => (n === 1 ? t("teams.memberCount.one") : t("teams.memberCount.other", { n }));
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-wrap items-end gap-2">
      <h3 id={`${id}-title`} className="w-full text-sm font-semibold">
        {t("teams.merge.title")}
      </h3>
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm text-slate-700">
          {t("teams.merge.from", { name: team.name })}
        </label>
        <select
          id={`${id}-from`}
          value={fromId}
          onChange={(e) => {
            setFromId(e.target.value);
            setUnchosen(false);
          }}
          aria-invalid={unchosen ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 aria-invalid:border-red-500"
        >
          <option value="">{t("teams.merge.choose")}</option>
          {others.map((x) => (
            <option key={x.id} value={x.id}>
              {t("teams.merge.option", { name: x.name, members: count(x.members.length) })}
            </option>
          ))}
        </select>
      </div>
      <button ref={button} type="submit" disabled={merge.isPending} className={buttonClass("secondary")}>
        {t("teams.merge.submit")}
      </button>
      {message && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {message}
        </p>
      )}
      <MergeDialog
        open={asking}
        onOpenChange={setAsking}
        from={from?.name ?? ""}
        into={team.name}
        onConfirm={() => from && merge.mutate(from)}
        returnFocus={button}
      />
    </form>
  );
}
