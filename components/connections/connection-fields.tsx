"use client";
import type { Dispatch, SetStateAction } from "react";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import type { Connection } from "@/lib/connections/client";

type AuthType = Connection["authType"];
type Service = Connection["service"];

export type FormState = {
  name: string;
  service: Service;
  baseUrl: string;
  authUrl: string;
  authType: AuthType;
  principal: string;
  secret: string;
  customerNumber: string;
  onSiteRolesUrl: string;
};

export type FieldError = (...paths: string[]) => string | undefined;
export type Setter = <K extends keyof FormState>(key: K) => (value: FormState[K]) => void;

/**
 * Which service and where: the service (fixed once created), its address, the kind of sign-in and,
 * for client credentials, the token address. A DTA connection signs in with user name and password only.
 */
export function ServiceFields({
  form,
  setForm,
  set,
  editing,
  fieldError,
}: {
  form: FormState;
  setForm: Dispatch<SetStateAction<FormState>>;
  set: Setter;
  editing: boolean;
  fieldError: FieldError;
}) {
  const t = useT();
  const isBasic = form.authType === "basic";
  return (
    <>
      <SelectField
        label={t("connPage.service")}
        value={form.service}
        disabled={editing}
        onChange={(service) => setForm((f) => ({ ...f, service, authType: service === "dta" ? "basic" : f.authType }))}
        options={[
          { value: "uvi", label: t("connPage.service.uvi") },
          { value: "dta", label: t("connPage.service.dta") },
        ]}
        error={fieldError("service")}
      />
      <TextField
        label={t("connPage.baseUrl")}
        type="url"
        value={form.baseUrl}
        onChange={set("baseUrl")}
        hint={t(form.service === "uvi" ? "connPage.baseUrl.hint.uvi" : "connPage.baseUrl.hint.dta")}
        error={fieldError("baseUrl")}
        autoComplete="off"
      />
      <SelectField
        label={t("connPage.authType")}
        value={form.authType}
        onChange={set("authType")}
        options={[
          { value: "basic", label: t("connPage.authType.basic") },
          ...(form.service === "uvi"
            ? [{ value: "client_credentials" as const, label: t("connPage.authType.client_credentials") }]
            : []),
        ]}
        error={fieldError("auth.type")}
      />
      {!isBasic && (
        <TextField
          label={t("connPage.authUrl")}
          type="url"
          value={form.authUrl}
          onChange={set("authUrl")}
          hint={t("connPage.authUrl.hint")}
          error={fieldError("authUrl")}
          autoComplete="off"
        />
      )}
      <TextField
        label={t("connPage.onSiteRolesUrl")}
        type="url"
        value={form.onSiteRolesUrl}
        onChange={set("onSiteRolesUrl")}
        hint={t("connPage.onSiteRolesUrl.hint")}
        error={fieldError("onSiteRolesUrl")}
        autoComplete="off"
      />
    </>
  );
}

/** Who signs in and with what: user name and password, or client id and secret; a DTA connection's customer number. */
export function CredentialFields({
  form,
  set,
  editing,
  secretAgain,
  fieldError,
}: {
  form: FormState;
  set: Setter;
  editing: boolean;
  secretAgain: boolean;
  fieldError: FieldError;
}) {
  const t = useT();
  const isBasic = form.authType === "basic";
  return (
    <>
      <TextField
        label={t(isBasic ? "connPage.username" : "connPage.clientId")}
        value={form.principal}
        onChange={set("principal")}
        error={fieldError("auth.username", "auth.clientId", "auth")}
        autoComplete="off"
      />
      <TextField
        label={t(isBasic ? "connPage.password" : "connPage.clientSecret")}
        type="password"
        value={form.secret}
        onChange={set("secret")}
        required={!editing || secretAgain}
        hint={secretAgain ? t("connPage.secretAgain") : undefined}
        placeholder={editing && !secretAgain ? t("connPage.secretKeep") : undefined}
        error={fieldError("auth.password", "auth.clientSecret")}
        autoComplete="new-password"
      />
      {form.service === "dta" && (
        <TextField
          label={t("connPage.customerNumber")}
          value={form.customerNumber}
          onChange={set("customerNumber")}
          error={fieldError("customerNumber")}
          autoComplete="off"
        />
      )}
    </>
  );
}
