"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { StatusLine } from "@/components/ui/status-line";
import { HttpError } from "@/lib/client/fetch-json";
import { handoffMonthKeys, printLetters, saveDownload } from "@/lib/client/handoff-month";
import type { HandoffMonthInput } from "@/lib/residents/month/query";
import { useT } from "@/lib/i18n/client";

const link = "text-sm text-blue-800 underline underline-offset-2";

/**
 * "Briefe drucken": the post channel's letters (POST /api/handoffs/print, lib/residents/print/letter.ts) fetched and
 * saved as a download under the name the server gives (umlauts kept). A refusal is said on the page in the API's
 * words: "nothing to print" as information, anything else as an error. The print marks letters printed, so the
 * view is read again whatever the outcome (and `onSettled` told: the month page reads its numbers again); while it
 * runs the button stays focusable but does nothing.
 */
export function PrintButton({ value, onSettled }: { value: HandoffMonthInput; onSettled?: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const print = useMutation({
    mutationFn: () => printLetters(value),
    onSuccess: ({ pdf, filename }) => saveDownload(pdf, filename),
    onSettled: () => {
      onSettled?.();
      return client.invalidateQueries({ queryKey: handoffMonthKeys.view(value) });
    },
  });
  const nothing = print.error instanceof HttpError && print.error.code === "nothing_to_print";
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`${link} text-left aria-disabled:cursor-wait aria-disabled:opacity-70`}
        aria-disabled={print.isPending}
        onClick={() => !print.isPending && print.mutate()}
      >
        {t("handoffMonth.print")}
      </button>
      <StatusLine tone={print.isError && !nothing ? "error" : "info"}>
        {print.isPending && t("portal.print.making")}
        {print.isError && (nothing ? print.error.message : t("portal.print.failed", { reason: print.error.message }))}
        {print.isSuccess && t("portal.print.done")}
      </StatusLine>
    </div>
  );
}
