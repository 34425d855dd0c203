import type { PageId } from "@/lib/auth/pages";
import { PAGES, requirePage } from "@/lib/auth/pages";
import { translate } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

/** A page whose feature is still being built: access rules and heading already hold. */
export async function PendingPage({ id }: { id: PageId }) {
  const user = await requirePage(id);
  const locale = await requestLocale(user.locale);
  const page = PAGES.find((p) => p.id === id)!;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="text-xl font-semibold">
        {translate(locale, page.label)}
      </h1>
      <p className="mt-2 text-slate-700">{translate(locale, "page.pending")}</p>
    </section>
  );
}
