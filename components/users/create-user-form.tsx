"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import type { Role } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";
import { teamKeys, type Team } from "@/lib/teams/client";
import { userKeys, type User } from "@/lib/users/client";
import { ROLES } from "./user-selects";

type Props = { teams: Team[] | undefined; defaultTeamId: string; onCreated: (u: User) => void };

/** The form's state and its POST /api/users; after a user is made, the form empties but keeps the team chosen. */
function useCreateUser(props: Props) {
  const client = useQueryClient();
  const empty = { email: "", name: "", role: "manager" as Role, password: "", teamId: props.defaultTeamId };
  const [form, setForm] = useState(empty);
  const create = useMutation({
    mutationFn: () => fetchJson<User>("/api/users", { method: "POST", body: JSON.stringify(form) }),
    onSuccess: async (user) => {
      setForm({ ...empty, teamId: form.teamId });
      props.onCreated(user);
      await Promise.all([
        client.invalidateQueries({ queryKey: userKeys.all }),
        client.invalidateQueries({ queryKey: teamKeys.all }),
      ]);
    },
  });
  const err = create.error instanceof HttpError ? create.error : null;
  const fieldError = (path: string) => err?.fields.find((f) => f.path === path)?.message;
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return { form, setForm, create, err, fieldError, set };
}

/** A new user (POST /api/users), in the team chosen here: the admin's own unless another is picked (issue #46). */
export function CreateUserForm(props: Props) {
  const t = useT();
  const { form, setForm, create, err, fieldError, set } = useCreateUser(props);

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2"
      aria-labelledby="create-user"
    >
      <h2 id="create-user" className="text-lg font-semibold sm:col-span-2">
        {t("users.create")}
      </h2>
      <TextField
        label={t("users.email")}
        type="email"
        value={form.email}
        onChange={set("email")}
        error={fieldError("email")}
        autoComplete="off"
      />
      <TextField
        label={t("users.name")}
        value={form.name}
        onChange={set("name")}
        error={fieldError("name")}
        autoComplete="off"
      />
      <SelectField
        label={t("users.role")}
        value={form.role}
        onChange={(role) => setForm((f) => ({ ...f, role }))}
        options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
        error={fieldError("role")}
      />
      {props.teams && (
        <SelectField
          label={t("users.team")}
          value={form.teamId}
          onChange={set("teamId")}
          options={props.teams.map((x) => ({ value: x.id, label: x.name }))}
          error={fieldError("teamId")}
        />
      )}
      <TextField
        label={t("users.password")}
        type="password"
        value={form.password}
        onChange={set("password")}
        error={fieldError("password")}
        autoComplete="new-password"
      />
      {err && !err.fields.length && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {err.message}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {t("users.create")}
        </Button>
      </div>
    </form>
  );
}
