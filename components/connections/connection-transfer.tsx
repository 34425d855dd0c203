"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { connectionKeys, type Connection } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";
import { teamQuery } from "@/lib/teams/client";

/**
 * An admin's transfer of a connection whose owner left the team or was disabled (issue #46, `POST
 * /api/connections/{id}/transfer`): a manager or admin of the team becomes its owner; the sealed secret moves unread.
 * A refused choice (a disabled member, say) is named at the field in the server's words.
 */
export function ConnectionTransfer(props: {
  connection: Connection;
  teamId: string;
  onNotice: (text: string) => void;
}) {
  const { connection, teamId } = props;
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const team = useQuery(teamQuery(teamId));
  const [userId, setUserId] = useState("");
  const transfer = useMutation({
    mutationFn: () =>
      fetchJson<Connection>(`/api/connections/${connection.id}/transfer`, {
        method: "POST",
        body: JSON.stringify({ userId }),
      }),
    onSuccess: (moved) => {
      // Unshared, it leaves this list with its new owner: the page's notice says where it went.
      props.onNotice(t("connPage.transferred", { name: moved.name, owner: moved.owner.name }));
      return client.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
  const candidates = (team.data?.members ?? []).filter((m) => m.role !== "support" && m.id !== connection.owner.id);
  const err = transfer.error instanceof HttpError ? transfer.error : null;
  const message = err ? (err.fields[0]?.message ?? err.message) : null;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (userId) transfer.mutate();
  }
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-2 text-sm">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-to`} className="font-medium">
          {t("connPage.transferTo", { name: connection.name })}
        </label>
        <select
          id={`${id}-to`}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
        >
          <option value="">{t("connPage.transferChoose")}</option>
          {candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.email})
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={!userId || transfer.isPending}>
        {t("connPage.transfer")}
      </Button>
      {message && (
        <p id={`${id}-error`} role="alert" className="w-full text-red-800">
          {message}
        </p>
      )}
    </form>
  );
}
