"use client";
import { Badge } from "@/components/ui/badge";
import { FileName } from "@/components/ui/file-name";
import type { SandboxMail } from "@/lib/ops/client";
import { formatBytes, formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";

/**
 * One message of the sandbox mailbox as a person reads it: subject, sender, recipients, the time
 * it arrived (display time zone), whether the sandbox sent it itself (a residents' server's notification), its text
 * as sent, and each attachment with size and SHA-256
 * (to compare with the archived file's hash). Long lines and hashes wrap on a phone.
 */
export function MailMessage({ mail, index }: { mail: SandboxMail; index: number }) {
  const t = useT();
  const display = useDisplay();
  const headingId = `mail-${index}`;
  return (
    <article aria-labelledby={headingId} className="rounded border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="break-words text-lg font-semibold">
        {mail.subject || t("sandboxMail.noSubject")}
      </h2>
      {mail.bySandbox && (
        <p className="mt-1">
          <Badge tone="info">{t("sandboxMail.bySandbox")}</Badge>
        </p>
      )}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{t("sandboxMail.from")}</dt>
        <dd className="break-words">{mail.from}</dd>
        <dt className="font-medium text-slate-700">{t("sandboxMail.to")}</dt>
        <dd className="break-words">{mail.to.join(", ")}</dd>
        <dt className="font-medium text-slate-700">{t("sandboxMail.at")}</dt>
        <dd>
          <time dateTime={mail.at}>{formatDateTime(mail.at, display, { seconds: true })}</time>
        </dd>
      </dl>
      <pre className="mt-3 whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-sm text-slate-900">
        {mail.text || t("sandboxMail.noText")}
      </pre>
      {mail.attachments.length > 0 && (
        <section aria-label={t("sandboxMail.attachments")} className="mt-3">
          <h3 className="text-sm font-semibold">{t("sandboxMail.attachments")}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {mail.attachments.map((a, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">
                  {a.filename ? <FileName name={a.filename} /> : t("sandboxMail.unnamed")}
                </span>{" "}
                · {a.contentType} · {formatBytes(a.size, display.locale)}
                <br />
                <span className="text-slate-700">SHA-256 </span>
                <code className="break-all text-xs">{a.sha256}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
