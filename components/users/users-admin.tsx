"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { formatDate } from "@/lib/format";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { userKeys, usersQuery } from "@/lib/users/client";
import type { Role } from "@/lib/client/types";
import type { User } from "@/lib/users/client";
import { useDisplay, useT } from "@/lib/i18n/client";

const USER_COLUMNS = ["email", "name", "role", "status", "createdAt", "actions"] as const;

const ROLES: Role[] = ["manager", "support", "admin"];

function useUpdateUser(onDone: (u: User) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; role?: Role; disabled?: boolean; password?: string }) =>
      fetchJson<User>(`/api/users/${id}`, { method: "PATCH", body: JSON.stringify(patch) }),
    onSuccess: (user) => {
      onDone(user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

function CreateUserForm({ onCreated }: { onCreated: (u: User) => void }) {
  const t = useT();
  const client = useQueryClient();
  const [form, setForm] = useState({ email: "", name: "", role: "manager" as Role, password: "" });
  const create = useMutation({
    mutationFn: () => fetchJson<User>("/api/users", { method: "POST", body: JSON.stringify(form) }),
    onSuccess: (user) => {
      setForm({ email: "", name: "", role: "manager", password: "" });
      onCreated(user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
  const err = create.error instanceof HttpError ? create.error : null;
  const fieldError = (path: string) => err?.fields.find((f) => f.path === path)?.message;
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

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

/**
 * A user's role, changed only after a question: the change applies at once and ends that user's
 * sessions (PATCH /api/users/{id}). The select keeps showing the role the server has until then,
 * so cancelling changes nothing.
 */
function RoleSelect({ user, disabled, onChange }: { user: User; disabled: boolean; onChange: (role: Role) => void }) {
  const t = useT();
  const [asked, setAsked] = useState<Role | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  return (
    <>
      <label className="sr-only" htmlFor={`role-${user.id}`}>
        {t("users.role")} {user.email}
      </label>
      <select
        ref={select}
        id={`role-${user.id}`}
        value={user.role}
        disabled={disabled}
        onChange={(e) => setAsked(e.target.value as Role)}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`role.${r}`)}
          </option>
        ))}
      </select>
      <AlertDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={t("users.roleChange.title", { email: user.email })}
        description={
          <>
            <p>{t("users.roleChange.what", { from: t(`role.${user.role}`), to: asked ? t(`role.${asked}`) : "" })}</p>
            <p>{t("users.roleChange.sessions", { email: user.email })}</p>
          </>
        }
        cancelLabel={t("common.cancel")}
        actionLabel={t("users.roleChange.action")}
        onAction={() => asked && onChange(asked)}
        returnFocus={select}
      />
    </>
  );
}

function UserRow({ user, isSelf, onChanged }: { user: User; isSelf: boolean; onChanged: (u: User) => void }) {
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

export function UsersAdmin({ currentUserId }: { currentUserId: string }) {
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery(usersQuery());
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-xl font-semibold">
        {t("users.title")}
      </h1>
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {notice}
      </p>
      <CreateUserForm onCreated={(u) => setNotice(t("users.created", { email: u.email }))} />
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
