"use client";
import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { confirmLettersPosted, handoffMonthKeys } from "@/lib/views/handoff-month/client";
import { formatMonth } from "@/lib/format";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";
import { useDisplay, useT } from "@/lib/i18n/client";

/**
 * "Gedruckt und versandt" (POST /api/handoffs/posted): a print only makes the letters; this step, after a question,
 * says they went out, and only then are their residents handed on (the proof names who confirmed it, and when). The
 * views are read again whatever the outcome (`onSettled`: the month page's numbers). Once the letters are posted the
 * button is gone with the letters waiting; its outcome stays in PostedOutcome, which the page keeps in place.
 */
export function PostedButton({ value, onSettled }: { value: HandoffMonthInput; onSettled?: () => void }) {
  const t = useT();
  const display = useDisplay();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const posted = useMutation({
    mutationKey: handoffMonthKeys.posted(value),
    mutationFn: () => confirmLettersPosted(value),
    onSettled: () => {
      onSettled?.();
      return client.invalidateQueries({ queryKey: handoffMonthKeys.view(value) });
    },
  });
  const month = formatMonth(value.month, display.locale, "long");
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        type="button"
        variant="secondary"
        aria-disabled={posted.isPending}
        className="aria-disabled:cursor-wait aria-disabled:opacity-70"
        onClick={() => !posted.isPending && setAsking(true)}
      >
        {t("posted.button")}
      </Button>
      <AlertDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("posted.ask.title")}
        description={<p>{t("posted.ask.what", { property: value.property, month })}</p>}
        cancelLabel={t("common.cancel")}
        actionLabel={t("posted.ask.action")}
        onAction={() => posted.mutate()}
      />
      <StatusLine tone={posted.isError ? "error" : "info"}>
        {posted.isPending && t("posted.saving")}
        {posted.isError && posted.error.message}
      </StatusLine>
    </div>
  );
}

/**
 * What the last "Gedruckt und versandt" of this property-month did ("Als versandt bestätigt: 3 Briefe."), read from the
 * query client's mutation cache, so the line outlives the button that made it (issue #50: it vanished with it).
 */
export function PostedOutcome({ value }: { value: HandoffMonthInput }) {
  const t = useT();
  const done = useMutationState({
    filters: { mutationKey: handoffMonthKeys.posted(value), status: "success", exact: true },
    select: (m) => (m.state.data as { posted: number } | undefined)?.posted ?? 0,
  }).at(-1);
  return <StatusLine tone="success">{done !== undefined && t("posted.done", { n: done })}</StatusLine>;
}
