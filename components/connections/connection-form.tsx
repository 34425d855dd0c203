"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { connectionKeys } from "@/lib/connections/client";
import type { Connection } from "@/lib/connections/client";
import { CredentialFields, ServiceFields, type FieldError, type FormState, type Setter } from "./connection-fields";

const blank: FormState = {
  name: "",
  service: "uvi",
  baseUrl: "",
  authUrl: "",
  authType: "basic",
  principal: "",
  secret: "",
  customerNumber: "",
  onSiteRolesUrl: "",
};

function fromConnection(c: Connection): FormState {
  return {
    ...blank,
    name: c.name,
    service: c.service,
    baseUrl: c.baseUrl,
    authUrl: c.authUrl ?? "",
    authType: c.authType,
    // Who signs in is shown (and may be changed); the secret never comes back.
    principal: c.principal,
    customerNumber: c.customerNumber ?? "",
    onSiteRolesUrl: c.onSiteRolesUrl ?? "",
  };
}

const originOf = (url: string) => {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return url.trim();
  }
};

/**
 * On an edit, the stored secret goes only where it was entered for: a new origin of the service
 * or token address, or a new user name or client id, needs it again (the server refuses without).
 */
function needsSecretAgain(f: FormState, c: Connection | undefined): boolean {
  if (!c) return false;
  if (f.authType !== c.authType) return true;
  if (originOf(f.baseUrl) !== originOf(c.baseUrl)) return true;
  if (f.authType === "client_credentials" && originOf(f.authUrl) !== originOf(c.authUrl ?? "")) return true;
  const reports = f.onSiteRolesUrl.trim() ? originOf(f.onSiteRolesUrl) : null;
  if (reports && reports !== originOf(c.onSiteRolesUrl ?? "") && reports !== originOf(c.baseUrl)) return true;
  return f.principal.trim() !== c.principal;
}

/**
 * The request body of docs/api.md, `POST /api/connections`; on an edit, a blank secret keeps the
 * stored one, and the user name or client id is sent only when it changed (or the kind of sign-in did).
 */
function toBody(f: FormState, current: Connection | undefined) {
  const editing = current !== undefined;
  const isBasic = f.authType === "basic";
  const principal = f.principal.trim();
  const sendPrincipal = !current || principal !== current.principal || f.authType !== current.authType;
  const auth = isBasic
    ? {
        type: "basic",
        ...(sendPrincipal ? { username: principal } : {}),
        ...(f.secret || !editing ? { password: f.secret } : {}),
      }
    : {
        type: "client_credentials",
        ...(sendPrincipal ? { clientId: principal } : {}),
        ...(f.secret || !editing ? { clientSecret: f.secret } : {}),
      };
  return {
    name: f.name,
    ...(editing ? {} : { service: f.service }),
    baseUrl: f.baseUrl,
    authUrl: isBasic ? null : f.authUrl,
    customerNumber: f.service === "dta" && f.customerNumber.trim() ? f.customerNumber.trim() : null,
    onSiteRolesUrl: f.onSiteRolesUrl.trim() || null,
    auth,
  };
}

/** The form's state and its save: POST for a new connection, PATCH for an edit; the API's field errors by path. */
function useConnectionForm(connection: Connection | undefined, onDone: (c: Connection) => void) {
  const client = useQueryClient();
  const editing = connection !== undefined;
  const [form, setForm] = useState<FormState>(connection ? fromConnection(connection) : blank);
  const save = useMutation({
    mutationFn: () =>
      fetchJson<Connection>(connection ? `/api/connections/${connection.id}` : "/api/connections", {
        method: editing ? "PATCH" : "POST",
        body: JSON.stringify(toBody(form, connection)),
      }),
    onSuccess: (c) => {
      if (!editing) setForm(blank);
      onDone(c);
      return client.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
  const err = save.error instanceof HttpError ? save.error : null;
  const fieldError: FieldError = (...paths) => err?.fields.find((f) => paths.includes(f.path))?.message;
  const set: Setter = (key) => (value) => setForm((f) => ({ ...f, [key]: value }));
  return { editing, form, setForm, set, save, err, fieldError };
}

export function ConnectionForm(props: {
  connection?: Connection;
  onDone: (c: Connection) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const { editing, form, setForm, set, save, err, fieldError } = useConnectionForm(props.connection, props.onDone);
  const titleId = props.connection ? `edit-${props.connection.id}` : "new-connection";

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="grid grid-cols-1 gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <h2 id={titleId} className="text-lg font-semibold sm:col-span-2">
        {editing ? t("connPage.edit") : t("connPage.new")}
      </h2>
      <TextField
        label={t("connPage.name")}
        value={form.name}
        onChange={set("name")}
        error={fieldError("name")}
        autoComplete="off"
      />
      <ServiceFields form={form} setForm={setForm} set={set} editing={editing} fieldError={fieldError} />
      <CredentialFields
        form={form}
        set={set}
        editing={editing}
        secretAgain={needsSecretAgain(form, props.connection)}
        fieldError={fieldError}
      />
      {err && !err.fields.length && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {err.message}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? t("connPage.save") : t("connPage.create")}
        </Button>
        {props.onCancel && (
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            {t("common.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
