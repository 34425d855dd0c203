"use client";
import { useT } from "@/lib/i18n/client";
import type { Role } from "@/lib/client/types";
import type { Team } from "@/lib/teams/client";
import type { User } from "@/lib/users/client";
import { AskedSelect } from "./asked-select";

export const ROLES: Role[] = ["manager", "support", "admin"];

/** A user's role: the change applies at once and ends that user's sessions (PATCH /api/users/{id} `{role}`). */
export function RoleSelect(props: { user: User; disabled: boolean; onChange: (role: Role) => void }) {
  const t = useT();
  const { user } = props;
  return (
    <AskedSelect
      id={`role-${user.id}`}
      label={`${t("users.role")} ${user.email}`}
      value={user.role}
      options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
      disabled={props.disabled}
      question={(asked) => ({
        title: t("users.roleChange.title", { email: user.email }),
        description: (
          <>
            <p>{t("users.roleChange.what", { from: t(`role.${user.role}`), to: t(`role.${asked}`) })}</p>
            <p>{t("users.roleChange.sessions", { email: user.email })}</p>
          </>
        ),
        action: t("users.roleChange.action"),
      })}
      onChange={props.onChange}
    />
  );
}

/**
 * A user's team (issue #46, PATCH /api/users/{id} `{teamId}`): a move ends their access to the old team's data at
 * their next request, so it is asked first, naming both teams.
 */
export function TeamSelect(props: {
  user: User;
  teams: Team[];
  disabled: boolean;
  onChange: (teamId: string) => void;
}) {
  const t = useT();
  const { user, teams } = props;
  const nameOf = (id: string) => teams.find((x) => x.id === id)?.name ?? "";
  return (
    <AskedSelect
      id={`team-${user.id}`}
      label={`${t("users.team")} ${user.email}`}
      value={user.teamId}
      options={teams.map((x) => ({ value: x.id, label: x.name }))}
      disabled={props.disabled}
      question={(asked) => {
        const names = { email: user.email, from: nameOf(user.teamId), to: nameOf(asked) };
        return {
          title: t("users.teamMove.title", names),
          description: (
            <>
              <p>{t("users.teamMove.what", names)}</p>
              <p>{t("users.teamMove.access", names)}</p>
            </>
          ),
          action: t("users.teamMove.action"),
        };
      }}
      onChange={props.onChange}
    />
  );
}
