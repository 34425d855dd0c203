"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { formatDate } from "@/lib/format";
import { teamKeys, teamsQuery, type Team } from "@/lib/teams/client";
import { userKeys, usersQuery } from "@/lib/users/client";
import type { Role } from "@/lib/client/types";
import type { User } from "@/lib/users/client";
import { useDisplay, useT } from "@/lib/i18n/client";
import { CreateUserForm } from "./create-user-form";
import { RoleSelect, TeamSelect } from "./user-selects";

const USER_COLUMNS = ["email", "name", "role", "team", "status", "createdAt", "actions"] as const;

function useUpdateUser(onDone: (u: User) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...patch
    }: {
      id: string;
      role?: Role;
      disabled?: boolean;
      password?: string;
      teamId?: string;
    }) => fetchJson<User>(`/api/users/${id}`, { method: "PATCH", body: JSON.stringify(patch) }),
    onSuccess: async (user) => {
      onDone(user);
      // The teams page lists members: a move or a new role shows there too.
      await Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: teamKeys.all }),
      ]);
    },
  });
}

function UserRow(props: { user: User; teams: Team[] | undefined; isSelf: boolean; onChanged: (u: User) => void }) {
  const { user, isSelf, onChanged } = props;
  const t = useT();
  const display = useDisplay();
  const update = useUpdateUser(onChanged);
  const [password, setPassword] = useState("");
  const err = update.error instanceof HttpError ? update.error : null;
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="p-2">
        {user.email} {isSelf && <span className="text-slate-500">({t("users.you")})</span>}
      </td>
      <td className="p-2">{user.name}</td>
      <td className="p-2">
        <RoleSelect
          user={user}
          disabled={update.isPending || isSelf}
          onChange={(role) => update.mutate({ id: user.id, role })}
        />
      </td>
      <td className="p-2">
        {props.teams ? (
          <TeamSelect
            user={user}
            teams={props.teams}
            disabled={update.isPending}
            onChange={(teamId) => update.mutate({ id: user.id, teamId })}
          />
        ) : null}
      </td>
      <td className="p-2">{user.disabled ? t("users.disabled") : t("users.active")}</td>
      <td className="p-2">
        <time dateTime={user.createdAt}>{formatDate(user.createdAt, display)}</time>
      </td>
      <td className="p-2">
        <div className="flex flex-wrap items-end gap-2">
          <Button
            variant={user.disabled ? "secondary" : "danger"}
            disabled={update.isPending || isSelf}
            onClick={() => update.mutate({ id: user.id, disabled: !user.disabled })}
          >
            {user.disabled ? t("users.enable") : t("users.disable")}
          </Button>
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ id: user.id, password }, { onSuccess: () => setPassword("") });
            }}
          >
            <label className="sr-only" htmlFor={`pw-${user.id}`}>
              {t("users.newPassword")} {user.email}
            </label>
            <input
              id={`pw-${user.id}`}
              type="password"
              autoComplete="new-password"
              placeholder={t("users.newPassword")}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="w-40 rounded border border-slate-300 px-2 py-1"
            />
            <Button variant="secondary" type="submit" disabled={update.isPending || !password}>
              {t("users.resetPassword")}
            </Button>
          </form>
        </div>
        {err && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {err.fields[0]?.message ?? err.message}
          </p>
        )}
      </td>
    </tr>
  );
}

export function UsersAdmin({ currentUserId, currentTeamId }: { currentUserId: string; currentTeamId: string }) {
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery(usersQuery());
  const teams = useQuery(teamsQuery());
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-xl font-semibold">
        {t("users.title")}
      </h1>
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {notice}
      </p>
      <CreateUserForm
        teams={teams.data}
        defaultTeamId={currentTeamId}
        onCreated={(u) => setNotice(t("users.created", { email: u.email }))}
      />
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      )}
      {list.data && (
        <div className="relative overflow-x-auto rounded border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100">
              <tr>
                {USER_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="p-2">
                    {t(`users.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  teams={teams.data}
                  isSelf={u.id === currentUserId}
                  onChanged={(x) => setNotice(t("users.updated", { email: x.email }))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
