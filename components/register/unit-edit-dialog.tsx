"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import { HttpError } from "@/lib/client/fetch-json";
import { unitsKeys, updateUnit, type Unit, type UnitEdit } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";
import { CHANNELS, type Channel } from "@/lib/register/list";
import { ConsentFields } from "./move-resident-fields";

type Form = {
  property: string;
  address: string;
  label: string;
  name: string;
  email: string;
  channel: Channel;
  /** A written agreement, asked for where the channel becomes one the resident has not consented to. */
  consentAt: string;
  consentReference: string;
  postalAddress: string;
};

type Fields = Partial<Record<string, string>>;
type SetField = (name: keyof Form) => (value: string) => void;

const formOf = (u: Unit): Form => ({
  property: u.property ?? "",
  address: u.address ?? "",
  label: u.label ?? "",
  name: u.resident?.name ?? "",
  email: u.resident?.email ?? "",
  channel: u.resident?.channel ?? "post",
  consentAt: "",
  consentReference: "",
  postalAddress: u.resident?.postalAddress ?? "",
});

/** The form's channel is e-mail or the portal without the resident's consent to it: the written agreement is asked. */
const asksConsent = (f: Form, stored: Unit["resident"]) =>
  f.channel !== "post" && stored?.consent?.channel !== f.channel;

/**
 * The form as the API's edit: the present resident's details are corrected, never removed or
 * replaced (that is a move); a unit without one sends none.
 */
function editOf(f: Form, stored: Unit["resident"]): UnitEdit {
  const unit = { property: f.property || null, address: f.address || null, label: f.label || null };
  if (!stored) return unit;
  const consent =
    asksConsent(f, stored) && f.consentAt ? { at: f.consentAt, reference: f.consentReference || undefined } : undefined;
  const resident = {
    name: f.name,
    email: f.email || null,
    channel: f.channel,
    ...(consent && { consent }),
    postalAddress: f.postalAddress || null,
  };
  return { ...unit, resident };
}

/** The dialog's form and its save; when saved, the register is fetched again and the dialog closes. */
function useUnitEdit(unit: Unit, onClose: () => void) {
  const queries = useQueryClient();
  const [form, setForm] = useState(() => formOf(unit));
  const save = useMutation({
    mutationFn: () => updateUnit(unit.id, editOf(form, unit.resident)),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: unitsKeys.all });
      onClose();
    },
  });
  const fields: Fields =
    save.error instanceof HttpError ? Object.fromEntries(save.error.fields.map((f) => [f.path, f.message])) : {};
  const set: SetField = (name) => (value) => setForm((f) => ({ ...f, [name]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return { form, set, save, fields, submit };
}

/** The present resident's details: name (its spelling), e-mail, the channel of §6a HeizkostenV, the postal address. */
function ResidentFields(props: { form: Form; stored: Unit["resident"]; set: SetField; fields: Fields }) {
  const { form, set, fields } = props;
  const t = useT();
  return (
    <>
      <TextField
        label={t("tenancyPage.editResidentName")}
        hint={t("tenancyPage.editResidentNameHint")}
        value={form.name}
        onChange={set("name")}
        error={fields["resident.name"]}
        autoComplete="off"
      />
      <TextField
        label={t("units.col.email")}
        type="email"
        value={form.email}
        onChange={set("email")}
        error={fields["resident.email"]}
        autoComplete="off"
      />
      <SelectField
        label={t("units.col.channel")}
        value={form.channel}
        onChange={set("channel")}
        error={fields["resident.channel"]}
        options={CHANNELS.map((c) => ({ value: c, label: t(`units.channel.${c}`) }))}
      />
      {asksConsent(form, props.stored) && <ConsentFields form={form} set={set} fields={fields} />}
      <div className="sm:col-span-2">
        <Field
          label={t("units.col.postalAddress")}
          hint={t("tenancyPage.postalAddressHint")}
          error={fields["resident.postalAddress"]}
        >
          {(c) => (
            <textarea
              {...c}
              rows={3}
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

/**
 * Editing one unit: its property, address and label, and the present resident's contact with the
 * channel of §6a HeizkostenV. Who lives there changes only by a move ("Mieterwechsel erfassen"),
 * which keeps the history. The server checks the same rules as for an imported row and names the
 * field; the unit numbers are the register's key and are shown, not edited.
 */
export function UnitEditDialog({ unit, onClose }: { unit: Unit; onClose: () => void }) {
  const t = useT();
  const { form, set, save, fields, submit } = useUnitEdit(unit, onClose);
  const number = [unit.mscnumber, unit.pmnumber && t("units.pm", { pm: unit.pmnumber })].filter(Boolean).join(" · ");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("units.edit.title", { unit: number })}
      description={t("tenancyPage.editScope")}
      closeLabel={t("common.close")}
      wide
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          label={t("units.col.property")}
          value={form.property}
          onChange={set("property")}
          error={fields.property}
        />
        <TextField
          label={t("units.col.address")}
          value={form.address}
          onChange={set("address")}
          error={fields.address}
        />
        <TextField label={t("units.col.label")} value={form.label} onChange={set("label")} error={fields.label} />
        {unit.resident ? (
          <ResidentFields form={form} stored={unit.resident} set={set} fields={fields} />
        ) : (
          <p className="text-sm text-slate-700 sm:col-span-2">{t("tenancyPage.editNoResident")}</p>
        )}
        <div className="sm:col-span-2">{save.error && <StatusLine tone="error">{save.error.message}</StatusLine>}</div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {t("common.save")}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
