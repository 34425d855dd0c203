"use client";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { CHANNELS, type Channel } from "@/lib/register/list";
import type { FieldErrors } from "./use-form-errors";

/** The new resident as the move's form holds it (strings as typed; empty means not given). */
export type ResidentForm = {
  salutation: string;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  channel: Channel;
  /** The day of the resident's written agreement to a digital channel (`YYYY-MM-DD`), and its reference. */
  consentAt: string;
  consentReference: string;
  postalAddress: string;
};

/** §6a HeizkostenV: paper unless the resident chose a digital channel. */
export const EMPTY_RESIDENT: ResidentForm = {
  salutation: "",
  firstName: "",
  lastName: "",
  company: "",
  email: "",
  channel: "post",
  consentAt: "",
  consentReference: "",
  postalAddress: "",
};

/** The paths of the move's answer that these fields show. */
export const RESIDENT_PATHS = [
  ...Object.keys(EMPTY_RESIDENT).map((k) => `resident.${k}`),
  "resident.consent",
  "resident.consent.at",
  "resident.consent.reference",
];

const SALUTATIONS = ["", "Frau", "Herr", "Familie"] as const;

/** The channel, and how a digital one was agreed to: only asked for e-mail and the portal. */
function ChannelFields(props: {
  form: ResidentForm;
  set: (name: keyof ResidentForm) => (v: string) => void;
  fields: FieldErrors;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t("tenancyPage.channel")}
        hint={t("tenancyPage.channelHint")}
        error={props.fields["resident.channel"]}
      >
        {(c) => (
          <select
            {...c}
            value={props.form.channel}
            onChange={(e) => props.set("channel")(e.target.value)}
            className="rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
          >
            {CHANNELS.map((ch) => (
              <option key={ch} value={ch}>
                {t(`units.channel.${ch}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {props.form.channel !== "post" && <ConsentFields form={props.form} set={props.set} fields={props.fields} />}
    </>
  );
}

/**
 * The resident's written agreement to e-mail or the portal: its day and reference (the move's and the unit edit's
 * `resident.consent`); the answer's `resident.consent` (none given) is shown at the day.
 */
export function ConsentFields(props: {
  form: { consentAt: string; consentReference: string };
  set: (name: "consentAt" | "consentReference") => (v: string) => void;
  fields: FieldErrors;
}) {
  const t = useT();
  return (
    <>
      <TextField
        type="date"
        label={t("tenancyPage.consentAt")}
        hint={t("tenancyPage.consentHint")}
        value={props.form.consentAt}
        onChange={props.set("consentAt")}
        error={props.fields["resident.consent"] ?? props.fields["resident.consent.at"]}
        autoComplete="off"
      />
      <TextField
        label={t("tenancyPage.consentReference")}
        value={props.form.consentReference}
        onChange={props.set("consentReference")}
        error={props.fields["resident.consent.reference"]}
        autoComplete="off"
      />
    </>
  );
}

/** Anrede, Vorname, Nachname or Firma, E-Mail, Zustellweg (with how agreed) and Anschrift. */
export function MoveResidentFields(props: {
  form: ResidentForm;
  onChange: (form: ResidentForm) => void;
  fields: FieldErrors;
}) {
  const t = useT();
  const { form, fields } = props;
  const set = (name: keyof ResidentForm) => (value: string) => props.onChange({ ...form, [name]: value });
  const text = (name: "firstName" | "lastName" | "company" | "email", extra: { type?: string; hint?: string } = {}) => (
    <TextField
      label={t(`tenancyPage.${name}`)}
      value={form[name]}
      onChange={set(name)}
      error={fields[`resident.${name}`]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <>
      <SelectField
        label={t("tenancyPage.salutation")}
        value={form.salutation}
        onChange={set("salutation")}
        error={fields["resident.salutation"]}
        options={SALUTATIONS.map((s) => ({ value: s, label: t(`tenancyPage.salutation.${s || "none"}`) }))}
      />
      {text("firstName")}
      {text("lastName")}
      {text("company", { hint: t("tenancyPage.companyHint") })}
      {text("email", { type: "email" })}
      <ChannelFields form={form} set={set} fields={fields} />
      <div className="sm:col-span-2">
        <Field
          label={t("tenancyPage.postalAddress")}
          hint={t("tenancyPage.postalAddressHint")}
          error={fields["resident.postalAddress"]}
        >
          {(c) => (
            <textarea
              {...c}
              rows={2}
              value={form.postalAddress}
              onChange={(e) => set("postalAddress")(e.target.value)}
              className="rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
            />
          )}
        </Field>
      </div>
    </>
  );
}
