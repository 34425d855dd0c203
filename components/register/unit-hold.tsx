"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { StatusLine } from "@/components/ui/status-line";
import { formatDate } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { liftUnitHold, setUnitHold, unitsKeys, type Unit, type UnitHold } from "@/lib/views/units-page/client";
import { unitName } from "./tenancy-history";
import { fieldErrorsOf, otherErrors, useFocusFirstError } from "./use-form-errors";

/** Who set the hold and when, in words: the badge's title and what a screen reader reads after it. */
function useHoldDetail(hold: UnitHold): string {
  const t = useT();
  const display = useDisplay();
  return t("units.hold.detail", { by: hold.by?.name ?? t("units.hold.someone"), at: formatDate(hold.at, display) });
}

/** "Rechtsstreit: {reason}" on a unit on hold (the register's row, the admin's erasure list). */
export function HoldBadge({ hold }: { hold: UnitHold }) {
  const t = useT();
  const detail = useHoldDetail(hold);
  return (
    <span data-testid="unit-hold" title={detail} className="mt-1 inline-block max-w-full [overflow-wrap:anywhere]">
      <Badge tone="warning">{t("units.hold.badge", { reason: hold.reason })}</Badge>
      <span className="sr-only"> {detail}</span>
    </span>
  );
}

/** Setting (with its reason) and lifting a unit's hold; each, when done, refreshes the register and says so. */
function useHoldActions(unit: Unit, reason: string, onDone: (message: string) => void) {
  const t = useT();
  const queries = useQueryClient();
  const done = async (key: "units.hold.saved" | "units.hold.lifted") => {
    await queries.invalidateQueries({ queryKey: unitsKeys.all });
    onDone(t(key, { unit: unitName(unit) }));
  };
  const save = useMutation({
    mutationFn: () => setUnitHold(unit.id, reason),
    onSuccess: () => done("units.hold.saved"),
  });
  const lift = useMutation({ mutationFn: () => liftUnitHold(unit.id), onSuccess: () => done("units.hold.lifted") });
  return { save, lift };
}

/**
 * "Rechtsstreit": sets a unit's legal hold with its reason, replaces the reason, or lifts the hold after a question.
 * While it stands, no erasure touches the unit (lib/register/hold.ts). The page says what was done.
 */
export function HoldDialog(props: { unit: Unit; onClose: () => void; onDone: (message: string) => void }) {
  const t = useT();
  const { unit } = props;
  const [reason, setReason] = useState(unit.hold?.reason ?? "");
  const [asking, setAsking] = useState(false);
  // The question is opened by a plain button: focus goes back to it by reference when it closes.
  const lifter = useRef<HTMLElement | null>(null);
  const { save, lift } = useHoldActions(unit, reason, props.onDone);
  const fields = fieldErrorsOf(save.error);
  const ref = useFocusFirstError<HTMLFormElement>(save.error);
  const error = save.error ?? lift.error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t("units.hold.title", { unit: unitName(unit) })}
      description={t("units.hold.intro")}
      closeLabel={t("common.close")}
    >
      <form ref={ref} onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {unit.hold && <HoldBadge hold={unit.hold} />}
        <Field label={t("units.hold.reason")} hint={t("units.hold.reasonHint")} error={fields.reason}>
          {(c) => (
            <textarea
              {...c}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
            />
          )}
        </Field>
        {error && <StatusLine tone="error">{[error.message, ...otherErrors(fields, ["reason"])].join(" ")}</StatusLine>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t("units.hold.save")}
          </Button>
          {unit.hold && (
            <Button
              type="button"
              variant="danger"
              onClick={(e) => {
                lifter.current = e.currentTarget;
                setAsking(true);
              }}
            >
              {t("units.hold.lift")}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t("common.cancel")}
          </Button>
        </div>
      </form>
      {asking && (
        <AlertDialog
          open
          onOpenChange={(open) => !open && setAsking(false)}
          title={t("units.hold.liftTitle", { unit: unitName(unit) })}
          description={<p>{t("units.hold.liftWhat")}</p>}
          cancelLabel={t("common.cancel")}
          actionLabel={t("units.hold.lift")}
          danger
          returnFocus={lifter}
          onAction={() => lift.mutate()}
        />
      )}
    </Dialog>
  );
}
