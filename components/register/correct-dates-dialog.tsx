"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import { correctTenancy, type CorrectBody, type Tenancy } from "@/lib/register/tenancies/client";
import { unitsKeys, type Unit } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";
import { tenancyName, unitName } from "./tenancy-history";
import { fieldErrorsOf, otherErrors, useFocusFirstError } from "./use-form-errors";

type Dates = { moveIn: string; moveOut: string };

/** Only the dates that changed; an emptied one is null (move-in unknown, or still there). */
function changesOf(before: Tenancy, form: Dates): CorrectBody {
  const value = (v: string) => (v === "" ? null : v);
  return {
    ...(value(form.moveIn) !== before.moveIn ? { moveIn: value(form.moveIn) } : {}),
    ...(value(form.moveOut) !== before.moveOut ? { moveOut: value(form.moveOut) } : {}),
  };
}

/**
 * "Daten korrigieren": one tenancy's move-in and move-out. The server refuses a history that would
 * overlap or run backwards and names the field; the first named field gets the focus.
 */
export function CorrectDatesDialog(props: {
  unit: Unit;
  tenancy: Tenancy;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const queries = useQueryClient();
  const { unit, tenancy } = props;
  const [form, setForm] = useState<Dates>({ moveIn: tenancy.moveIn ?? "", moveOut: tenancy.moveOut ?? "" });
  const save = useMutation({
    mutationFn: async () => {
      const changes = changesOf(tenancy, form);
      if (Object.keys(changes).length > 0) await correctTenancy(unit.id, tenancy.id, changes);
    },
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: unitsKeys.all });
      props.onDone(t("tenancyPage.corrected", { unit: unitName(unit) }));
    },
  });
  const fields = fieldErrorsOf(save.error);
  const ref = useFocusFirstError<HTMLFormElement>(save.error);
  const others = otherErrors(fields, ["moveIn", "moveOut"]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t("tenancyPage.correctTitle", { who: tenancyName(tenancy, t) })}
      description={t("tenancyPage.correctIntro")}
      closeLabel={t("common.close")}
    >
      <form ref={ref} onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextField
          label={t("tenancyPage.moveIn")}
          hint={t("tenancyPage.correctMoveInHint")}
          type="date"
          value={form.moveIn}
          onChange={(moveIn) => setForm((f) => ({ ...f, moveIn }))}
          error={fields.moveIn}
        />
        <TextField
          label={t("tenancyPage.moveOut")}
          hint={t("tenancyPage.correctMoveOutHint")}
          type="date"
          value={form.moveOut}
          onChange={(moveOut) => setForm((f) => ({ ...f, moveOut }))}
          error={fields.moveOut}
        />
        {save.error && <StatusLine tone="error">{[save.error.message, ...others].join(" ")}</StatusLine>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t("common.save")}
          </Button>
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
