"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/select-field";
import { StatusLine } from "@/components/ui/status-line";
import { clearSandboxMail, sandboxMailKeys, sandboxMailQuery } from "@/lib/ops/client";
import { useT } from "@/lib/i18n/client";
import { MailMessage } from "./mail-message";

type Order = "newest" | "oldest";

/** The order in the URL (`?order=oldest`), so a reload or a shared link keeps it; newest first by default. */
function useOrder(): [Order, (order: Order) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const order: Order = params.get("order") === "oldest" ? "oldest" : "newest";
  return [
    order,
    (next) => router.replace(next === "oldest" ? `${pathname}?order=oldest` : pathname, { scroll: false }),
  ];
}

/**
 * The sandbox mailbox for the dashboard's admin: what the sandbox's SMTP server received, newest
 * or oldest first, refreshed on demand, and emptied after a question.
 */
export function SandboxMailbox({ smtpPort }: { smtpPort: number }) {
  const t = useT();
  const client = useQueryClient();
  const mail = useQuery(sandboxMailQuery());
  const [order, setOrder] = useOrder();
  const [asking, setAsking] = useState(false);
  const clear = useMutation({
    mutationFn: clearSandboxMail,
    onSuccess: () => client.invalidateQueries({ queryKey: sandboxMailKeys.all }),
  });
  const messages = mail.data ?? [];
  // The API lists oldest first; each message keeps its place in that list as its id on the page.
  const shown = messages.map((m, index) => ({ m, index }));
  if (order === "newest") shown.reverse();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("sandboxMail.title")}</h1>
      <p className="text-sm text-slate-700">{t("sandboxMail.intro", { port: smtpPort })}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t("sandboxMail.order")}
          value={order}
          onChange={setOrder}
          options={[
            { value: "newest", label: t("sandboxMail.newest") },
            { value: "oldest", label: t("sandboxMail.oldest") },
          ]}
        />
        <Button variant="secondary" onClick={() => void mail.refetch()} disabled={mail.isFetching}>
          {t("sandboxMail.refresh")}
        </Button>
        <Button variant="danger" onClick={() => setAsking(true)} disabled={messages.length === 0 || clear.isPending}>
          {t("sandboxMail.clear")}
        </Button>
      </div>
      <StatusLine tone={mail.isError || clear.isError ? "error" : "info"}>
        {mail.isError || clear.isError
          ? t("sandboxMail.error")
          : mail.data &&
            (messages.length === 1 ? t("sandboxMail.countOne") : t("sandboxMail.count", { count: messages.length }))}
      </StatusLine>
      {mail.data && messages.length === 0 && (
        <EmptyState title={t("sandboxMail.empty")}>{t("sandboxMail.emptyHint", { port: smtpPort })}</EmptyState>
      )}
      <ol className="space-y-3">
        {shown.map(({ m, index }) => (
          <li key={index}>
            <MailMessage mail={m} index={index} />
          </li>
        ))}
      </ol>
      <AlertDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("sandboxMail.clearTitle")}
        description={<p>{t("sandboxMail.clearWhat", { count: messages.length })}</p>}
        cancelLabel={t("common.cancel")}
        actionLabel={t("sandboxMail.clear")}
        danger
        onAction={() => clear.mutate()}
      />
    </div>
  );
}
