import { EmptyState } from "@/components/ui/empty-state";
import { formatBytes, formatMonth } from "@/lib/format";
import type { PortalView } from "@/lib/handoffs/portal/view";
import { unitWords } from "@/lib/handoffs/portal/texts";
import { translate, type MessageKey, type MessageVars } from "@/lib/i18n/messages";

/**
 * The resident's portal (`/r/{token}`): a server-rendered page without a script of its own, in
 * German (the resident has no account to choose another language), one column that reads at
 * 390 px, each document a plain download link named by its month for a screen reader; the link to the objection
 * page ("Keine E-Mails mehr") below.
 */
export function PortalDocuments({ view, token, objection }: { view: PortalView; token: string; objection: string }) {
  const t = (key: MessageKey, vars?: MessageVars) => translate("de", key, vars);
  const { access, documents } = view;
  const unit = unitWords({ label: access.label, property: access.property, number: access.unitNumber });
  return (
    // data-server-only: no client component and no message provider here (app/layout.tsx, tests/e2e/fixtures.ts).
    <main className="mx-auto max-w-2xl px-4 py-8" data-server-only lang="de">
      <h1 className="text-2xl font-semibold">{t("portal.page.title")}</h1>
      <p className="mt-1 text-slate-700">
        {t("portal.page.unit")}: {unit}
      </p>
      <p className="mt-4 text-slate-700">{t("portal.page.intro")}</p>
      {documents.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t("portal.page.none")}>{t("portal.page.noneText")}</EmptyState>
        </div>
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-200 rounded border border-slate-200 bg-white"
          aria-label={t("portal.page.title")}
        >
          {documents.map((d) => {
            const month = d.month ? formatMonth(d.month, "de", "long") : d.filename;
            const size = d.bytes === null ? "–" : formatBytes(d.bytes, "de");
            return (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium">{month}</p>
                  <p className="break-all text-sm text-slate-600">
                    {t("portal.page.file")}: {d.filename} · {size}
                  </p>
                </div>
                {/* A plain link: the file is an attachment of our own route; nothing runs in this page. */}
                <a
                  className="inline-flex min-h-11 items-center rounded bg-blue-700 px-4 font-medium text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                  href={`/r/${token}/documents/${d.id}`}
                  aria-label={t("portal.page.downloadOf", { month, size })}
                  download
                >
                  {t("portal.page.download")}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-6 text-sm text-slate-600">{t("portal.page.private")}</p>
      {/* The one-click objection every resident's page carries (docs/api.md, "Consent"). */}
      <p className="mt-4 text-sm">
        <a className="text-blue-800 underline underline-offset-2" href={objection}>
          {t("consent.objectLink")}
        </a>
      </p>
      <section aria-labelledby="portal-sender" className="mt-6 text-sm text-slate-700">
        <h2 id="portal-sender" className="font-semibold text-slate-900">
          {t("portal.page.sender")}
        </h2>
        <p>{view.sender.name || t("portal.page.senderUnnamed")}</p>
        {view.sender.postal.length > 0 && <p>{view.sender.postal.join(", ")}</p>}
        <p>
          {t("portal.page.contact")}{" "}
          <a className="text-blue-800 underline underline-offset-2" href={`mailto:${view.sender.email}`}>
            {view.sender.email}
          </a>
        </p>
      </section>
    </main>
  );
}
