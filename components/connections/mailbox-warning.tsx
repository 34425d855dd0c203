"use client";
import { formatDateTime } from "@/lib/format";
import type { MailboxCheck } from "@/lib/ops/mailbox-health";
import { useDisplay, useT } from "@/lib/i18n/client";

export type MailboxWarn = Extract<MailboxCheck, { status: "warn" }>;

/**
 * The admin's warning on the connections page while the sender's mailbox cannot be read (docs/api.md, "Bounces"):
 * bounces and replies are not seen; why, in a word, since when, and when it was last read.
 */
export function MailboxWarning({ mailbox }: { mailbox: MailboxWarn }) {
  const t = useT();
  const display = useDisplay();
  return (
    <aside
      aria-labelledby="mailbox-warning"
      data-testid="mailbox-warning"
      className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 id="mailbox-warning" className="font-semibold">
        {t("mailbox.warning.title")}
      </h2>
      <p className="mt-1">
        {t("mailbox.warning.since", { reason: mailbox.reason, since: formatDateTime(mailbox.since, display) })}{" "}
        {mailbox.readAt
          ? t("mailbox.warning.lastRead", { at: formatDateTime(mailbox.readAt, display) })
          : t("mailbox.warning.neverRead")}
      </p>
      <p className="mt-1">{t("mailbox.warning.help")}</p>
    </aside>
  );
}
