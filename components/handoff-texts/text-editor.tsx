"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import { HttpError } from "@/lib/client/fetch-json";
import { handoffMonthKeys, handoffTextQuery, saveHandoffText, type StoredText } from "@/lib/views/handoff-month/client";
import { MAX_BODY, MAX_SENDER_ADDRESS, MAX_SUBJECT, PLACEHOLDERS } from "@/lib/handoffs/texts/template";
import { useT } from "@/lib/i18n/client";

/** The letters' sender address: editable with the text for all properties, named with a property's. */
function SenderAddress(props: { target: string | null; value: string; onChange: (v: string) => void; error?: string }) {
  const t = useT();
  if (props.target === null)
    return (
      <TextField
        label={t("handoffTexts.senderAddress")}
        hint={t("handoffTexts.senderAddressHint")}
        value={props.value}
        onChange={(v) => props.onChange(v.slice(0, MAX_SENDER_ADDRESS))}
        autoComplete="street-address"
        error={props.error}
      />
    );
  return (
    <p className="text-sm text-slate-700" data-testid="sender-address">
      {props.value
        ? t("handoffTexts.senderAddressElsewhere", { address: props.value })
        : t("handoffTexts.senderAddressMissing")}
    </p>
  );
}

/** Subject and body of one scope's text; saved as a whole, the server's refusal shown at its field. */
function TextForm({ target, initial }: { target: string | null; initial: StoredText }) {
  const t = useT();
  const client = useQueryClient();
  const [subject, setSubject] = useState(initial.subject);
  const [body, setBody] = useState(initial.body);
  const [senderAddress, setSenderAddress] = useState(initial.senderAddress ?? "");
  // A property's text falls back to the one for all properties: a save changes what every scope shows.
  const save = useMutation({
    mutationFn: () => saveHandoffText(target, { subject, body, ...(target === null && { senderAddress }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: handoffMonthKeys.texts }),
  });
  const fields =
    save.error instanceof HttpError ? Object.fromEntries(save.error.fields.map((f) => [f.path, f.message])) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t("handoffTexts.title")}>
      <p className="text-sm text-slate-700">{t(`handoffTexts.source.${initial.source}`)}</p>
      <TextField
        label={t("handoffTexts.subject")}
        value={subject}
        onChange={setSubject}
        required
        error={fields.subject}
      />
      <Field label={t("handoffTexts.body")} error={fields.body}>
        {(c) => (
          <textarea
            {...c}
            value={body}
            required
            rows={12}
            maxLength={MAX_BODY}
            onChange={(e) => setBody(e.target.value)}
            className="rounded border border-slate-300 bg-white px-3 py-2 font-mono text-sm aria-invalid:border-red-500"
          />
        )}
      </Field>
      {/* A property's view names the stored address as the server reads it, refreshed after a save elsewhere. */}
      <SenderAddress
        target={target}
        value={target === null ? senderAddress : (initial.senderAddress ?? "")}
        onChange={setSenderAddress}
        error={fields.senderAddress}
      />
      <div>
        <Button type="submit" disabled={save.isPending || subject.length > MAX_SUBJECT}>
          {t("handoffTexts.save")}
        </Button>
      </div>
      <StatusLine tone={save.isError ? "error" : save.isSuccess ? "success" : "info"}>
        {save.isError
          ? t("handoffTexts.saveFailed", { reason: save.error.message })
          : save.isSuccess
            ? t("handoffTexts.saved")
            : ""}
      </StatusLine>
    </form>
  );
}

/** The e-mail's text for the chosen property or for all properties, with the placeholders it may use. */
export function TextEditor({ property }: { property: string }) {
  const t = useT();
  const [scope, setScope] = useState<"property" | "all">("property");
  const target = scope === "property" ? property : null;
  const text = useQuery(handoffTextQuery(target));
  return (
    <section
      aria-labelledby="handoff-texts"
      className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id="handoff-texts" className="text-lg font-semibold">
        {t("handoffTexts.title")}
      </h2>
      <p className="max-w-prose text-sm text-slate-700">{t("handoffTexts.intro")}</p>
      <SelectField
        label={t("handoffTexts.scope")}
        value={scope}
        onChange={setScope}
        options={[
          { value: "property", label: t("handoffTexts.scope.property", { property }) },
          { value: "all", label: t("handoffTexts.scope.all") },
        ]}
      />
      <div>
        <h3 className="text-sm font-semibold">{t("handoffTexts.placeholders")}</h3>
        <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {PLACEHOLDERS.map((p) => (
            <div key={p} className="contents">
              <dt className="font-mono">{`{${p}}`}</dt>
              <dd className="text-slate-700">{t(`handoffTexts.placeholder.${p}`)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {text.isPending && <p>{t("common.loading")}</p>}
      {text.error && (
        <StatusLine tone="error">{t("handoffMonth.loadFailed", { reason: text.error.message })}</StatusLine>
      )}
      {text.data && <TextForm key={scope} target={target} initial={text.data} />}
    </section>
  );
}
