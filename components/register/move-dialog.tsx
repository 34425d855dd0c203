"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import { HttpError } from "@/lib/client/fetch-json";
import { historyOf, recordMove, type MoveBody } from "@/lib/register/tenancies/client";
import { unitsKeys, type Unit } from "@/lib/views/units-page/client";
import { useLocale, useT } from "@/lib/i18n/client";
import { dayBefore } from "@/lib/register/tenancies/history";
import { EMPTY_RESIDENT, MoveResidentFields, RESIDENT_PATHS, type ResidentForm } from "./move-resident-fields";
import { formatDay, tenancyName, unitName } from "./tenancy-history";
import { fieldErrorsOf, otherErrors, useFocusFirstError } from "./use-form-errors";

/** `previousMoveOut` null: it follows the move-in (the day before) until the manager sets it. */
type MoveForm = { moveIn: string; previousMoveOut: string | null; vacancy: boolean; resident: ResidentForm };

const given = (v: string) => (v.trim() === "" ? undefined : v);

function bodyOf(form: MoveForm, endsOne: boolean): MoveBody {
  const r = form.resident;
  return {
    moveIn: form.moveIn,
    ...(endsOne && form.previousMoveOut ? { previousMoveOut: form.previousMoveOut } : {}),
    resident: form.vacancy
      ? null
      : {
          salutation: given(r.salutation),
          firstName: given(r.firstName),
          lastName: given(r.lastName),
          company: given(r.company),
          email: given(r.email),
          channel: r.channel,
          postalAddress: given(r.postalAddress),
          consent:
            r.channel === "post" || r.consentAt === ""
              ? undefined
              : { at: r.consentAt, reference: given(r.consentReference) },
        },
  };
}

/** The move's form and its save: the units are fetched again and the page says what was saved. */
function useMove(unit: Unit, onDone: (message: string) => void) {
  const t = useT();
  const locale = useLocale();
  const queries = useQueryClient();
  const running = historyOf(unit).find((x) => x.moveOut === null);
  const [form, setForm] = useState<MoveForm>({
    moveIn: "",
    previousMoveOut: null,
    vacancy: false,
    resident: EMPTY_RESIDENT,
  });
  const save = useMutation({
    mutationFn: () => {
      if (form.moveIn === "") {
        const message = t("tenancyPage.moveInRequired");
        throw new HttpError(400, "validation", message, [{ path: "moveIn", message }]);
      }
      return recordMove(unit.id, bodyOf(form, running !== undefined));
    },
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: unitsKeys.all });
      const vars = { unit: unitName(unit), date: formatDay(form.moveIn, locale) };
      onDone(t(form.vacancy ? "tenancyPage.vacated" : "tenancyPage.moved", vars));
    },
  });
  const previousMoveOut = form.previousMoveOut ?? (form.moveIn ? dayBefore(form.moveIn) : "");
  return { form, setForm, save, running, previousMoveOut };
}

/** Who moves in: a new resident, or nobody (a vacancy). */
function WhoMovesIn({ vacancy, onChange }: { vacancy: boolean; onChange: (vacancy: boolean) => void }) {
  const t = useT();
  const option = (value: boolean, label: string) => (
    <label className="flex items-center gap-2">
      <input type="radio" name="who" checked={vacancy === value} onChange={() => onChange(value)} />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-1 sm:col-span-2">
      <legend className="text-sm font-medium">{t("tenancyPage.who")}</legend>
      {option(false, t("tenancyPage.whoResident"))}
      {option(true, t("tenancyPage.whoVacancy"))}
    </fieldset>
  );
}

/**
 * "Mieterwechsel erfassen": the running tenancy ends (the day before the move-in unless the
 * manager says otherwise) and a new one begins, a resident or a vacancy. The server checks the
 * history and names the field it refuses; the first named field gets the focus.
 */
export function MoveDialog(props: { unit: Unit; onClose: () => void; onDone: (message: string) => void }) {
  const t = useT();
  const { form, setForm, save, running, previousMoveOut } = useMove(props.unit, props.onDone);
  const fields = fieldErrorsOf(save.error);
  const ref = useFocusFirstError<HTMLFormElement>(save.error);
  const shown = ["moveIn", "previousMoveOut", ...(form.vacancy ? [] : RESIDENT_PATHS)];
  const others = otherErrors(fields, shown);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t("tenancyPage.moveTitle", { unit: unitName(props.unit) })}
      description={t("tenancyPage.moveIntro")}
      closeLabel={t("common.close")}
      wide
    >
      <form ref={ref} onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          label={t("tenancyPage.moveIn")}
          hint={t("tenancyPage.moveInHint")}
          type="date"
          required
          value={form.moveIn}
          onChange={(moveIn) => setForm((f) => ({ ...f, moveIn }))}
          error={fields.moveIn}
        />
        {running && (
          <TextField
            label={t(running.vacancy ? "tenancyPage.previousVacancyEnd" : "tenancyPage.previousMoveOut")}
            hint={
              running.vacancy
                ? t("tenancyPage.previousVacancyEndHint")
                : t("tenancyPage.previousMoveOutHint", { who: tenancyName(running, t) })
            }
            type="date"
            value={previousMoveOut}
            onChange={(v) => setForm((f) => ({ ...f, previousMoveOut: v }))}
            error={fields.previousMoveOut}
          />
        )}
        <WhoMovesIn vacancy={form.vacancy} onChange={(vacancy) => setForm((f) => ({ ...f, vacancy }))} />
        {!form.vacancy && (
          <MoveResidentFields
            form={form.resident}
            onChange={(resident) => setForm((f) => ({ ...f, resident }))}
            fields={fields}
          />
        )}
        <div className="sm:col-span-2">
          {save.error && <StatusLine tone="error">{[save.error.message, ...others].join(" ")}</StatusLine>}
          {save.isPending && <StatusLine>{t("tenancyPage.saving")}</StatusLine>}
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {t("tenancyPage.saveMove")}
          </Button>
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
