"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { WaitingNote } from "@/components/releases/waiting-note";
import { TextField } from "@/components/ui/text-field";
import { HttpError } from "@/lib/client/fetch-json";
import { handoffMonthKeys, handoffTextQuery, printLetters, saveDownload } from "@/lib/views/handoff-month/client";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";
import { useT } from "@/lib/i18n/client";

const link = "text-sm text-blue-800 underline underline-offset-2";

/**
 * "Briefe drucken": the post channel's letters (POST /api/handoffs/print, lib/handoffs/print/letter.ts) fetched and
 * saved as a download under the name the server gives (umlauts kept). Without a stored sender address the button asks
 * for it first (the letters' return line), and sends it with the print (the server stores it; its 409 asks too). A
 * refusal is said on the page in the API's words: "nothing to print" as information, anything else as an error. The
 * print makes the letters ("Briefe erstellt"; PostedButton confirms them as posted), so the view is read again
 * whatever the outcome (and `onSettled` told: the month page reads its numbers again); while it runs the button stays
 * focusable but does nothing.
 */
export function PrintButton({ value, onSettled }: { value: HandoffMonthInput; onSettled?: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const stored = useQuery(handoffTextQuery(null));
  const [asking, setAsking] = useState(false);
  const [address, setAddress] = useState("");
  const print = useMutation({
    mutationFn: (senderAddress?: string) => printLetters({ ...value, ...(senderAddress && { senderAddress }) }),
    onSuccess: (made) => {
      setAsking(false);
      if ("pdf" in made) saveDownload(made.pdf, made.filename);
    },
    // The field stays open only while the address is what is missing.
    onError: (err) => setAsking(err instanceof HttpError && err.code === "sender_address_missing"),
    onSettled: () => {
      onSettled?.();
      void client.invalidateQueries({ queryKey: handoffMonthKeys.texts });
      return client.invalidateQueries({ queryKey: handoffMonthKeys.view(value) });
    },
  });
  const nothing = print.error instanceof HttpError && print.error.code === "nothing_to_print";
  const missing = print.error instanceof HttpError && print.error.code === "sender_address_missing";
  const start = () => {
    if (print.isPending) return;
    // The page asks before the first print: the letters' return line needs the sender's postal address.
    if (stored.data && !stored.data.senderAddress) setAsking(true);
    else print.mutate(undefined);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (address.trim() && !print.isPending) print.mutate(address.trim());
  };
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`${link} text-left aria-disabled:cursor-wait aria-disabled:opacity-70`}
        aria-disabled={print.isPending}
        aria-expanded={asking}
        onClick={start}
      >
        {t("handoffMonth.print")}
      </button>
      {asking && (
        <form onSubmit={submit} className="flex max-w-md flex-col gap-2" data-testid="print-sender-address">
          <p className="text-sm text-slate-800">{t("portal.print.senderAddressAsk")}</p>
          <TextField
            label={t("portal.print.senderAddressLabel")}
            hint={t("portal.print.senderAddressHint")}
            value={address}
            onChange={setAddress}
            autoComplete="street-address"
            required
          />
          <Button type="submit" className="self-start" aria-disabled={print.isPending}>
            {t("portal.print.senderAddressSave")}
          </Button>
        </form>
      )}
      <StatusLine tone={print.isError && !nothing && !missing ? "error" : "info"}>
        {print.isPending && t("portal.print.making")}
        {print.isError &&
          !missing &&
          (nothing ? print.error.message : t("portal.print.failed", { reason: print.error.message }))}
        {print.isSuccess && ("pdf" in print.data ? t("portal.print.done") : <WaitingNote />)}
      </StatusLine>
    </div>
  );
}
