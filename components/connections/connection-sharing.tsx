"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { connectionKeys, type Connection } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";
import { ConnectionTransfer } from "./connection-transfer";

/**
 * Whose a connection is and whether the team works through it (issue #46): the owner's switch "Mit dem Team teilen"
 * (a checkbox announced as a switch), or, on a teammate's shared connection, the line "Geteilt von {name}". When its
 * owner left the team or was disabled, it says that it serves the team until an admin transfers or removes it, and
 * an admin (`adminTeamId`: the admin's team, whose members may take it over) finds the transfer here.
 */
export function ConnectionSharing({
  connection,
  adminTeamId,
  onNotice,
}: {
  connection: Connection;
  adminTeamId?: string;
  onNotice: (text: string) => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const share = useMutation({
    mutationFn: (shared: boolean) =>
      fetchJson<Connection>(`/api/connections/${connection.id}`, { method: "PATCH", body: JSON.stringify({ shared }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
  if (!connection.ownerInTeam) {
    return (
      <div data-testid="connection-owner">
        <p className="mt-2 text-sm text-amber-900">{t("connPage.ownerLeft", { name: connection.owner.name })}</p>
        {adminTeamId && <ConnectionTransfer connection={connection} teamId={adminTeamId} onNotice={onNotice} />}
      </div>
    );
  }
  if (!connection.mine) {
    return (
      <p className="mt-2 text-sm text-slate-800" data-testid="connection-owner">
        {t("connPage.sharedBy", { name: connection.owner.name })}
      </p>
    );
  }
  const id = `share-${connection.id}`;
  const shared = share.isPending && share.variables !== undefined ? share.variables : connection.shared;
  return (
    <div className="mt-2 text-sm">
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-2">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={shared}
          aria-describedby={`${id}-state`}
          disabled={share.isPending}
          onChange={(e) => share.mutate(e.target.checked)}
          className="h-4 w-4 accent-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        />
        <span>{t("connPage.share")}</span>
      </label>
      <p id={`${id}-state`} className="text-slate-700" aria-live="polite">
        {t(connection.shared ? "connPage.sharedYes" : "connPage.sharedNo")}
      </p>
      {share.error && (
        <p role="alert" className="text-red-800">
          {share.error.message}
        </p>
      )}
    </div>
  );
}
