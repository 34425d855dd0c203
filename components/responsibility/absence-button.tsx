"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { formatPeriod } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { absenceQuery, putAbsence, responsibilityKeys, type Absence } from "@/lib/responsibility/client";
import { monthRoundKeys } from "@/lib/views/month-round/client";

/** The dialog's form: from and to as the browser's date fields; the current absence, and ending it. */
function AbsenceForm(props: { absence: Absence | null; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const [from, setFrom] = useState(props.absence?.from ?? "");
  const [to, setTo] = useState(props.absence?.to ?? "");
  const save = useMutation({
    mutationFn: (input: Absence | null) => putAbsence(input),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: responsibilityKeys.all }),
        client.invalidateQueries({ queryKey: monthRoundKeys.all }),
      ]);
      props.onDone();
    },
  });
  const fieldError = (path: string) =>
    save.error && "fields" in save.error
      ? (save.error.fields as { path: string; message: string }[]).find((f) => f.path === path)?.message
      : undefined;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ from, to });
      }}
    >
      <p className="text-sm text-slate-800" role="status">
        {props.absence
          ? t("responsibility.absent", { period: formatPeriod(props.absence.from, props.absence.to, locale) ?? "" })
          : t("responsibility.present")}
      </p>
      <TextField
        label={t("responsibility.from")}
        type="date"
        required
        value={from}
        onChange={setFrom}
        error={fieldError("from")}
      />
      <TextField
        label={t("responsibility.to")}
        type="date"
        required
        value={to}
        onChange={setTo}
        error={fieldError("to")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t("responsibility.absenceSave")}
        </Button>
        {props.absence && (
          <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => save.mutate(null)}>
            {t("responsibility.absenceEnd")}
          </Button>
        )}
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("responsibility.failed", { reason: save.error.message })}
        </p>
      )}
    </form>
  );
}

/** The user block's "Abwesenheit" button and its dialog (PUT /api/me/absence). */
export function AbsenceButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const absence = useQuery({ ...absenceQuery(), enabled: open });
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="absence-button">
        {t("responsibility.absence")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("responsibility.absence")}
        description={t("responsibility.absenceIntro")}
        closeLabel={t("responsibility.cancel")}
      >
        {absence.data ? (
          <AbsenceForm absence={absence.data.absence} onDone={() => setOpen(false)} />
        ) : (
          <p className="text-sm text-slate-700" role="status">
            {t("responsibility.loading")}
          </p>
        )}
      </Dialog>
    </>
  );
}
