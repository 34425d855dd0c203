import { translate } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

/**
 * The 404 page. Its way back is a plain link: next/link here would put a second copy of the link
 * code into the first load of every page (this page's chunk is loaded beside each of them), and
 * from a page that does not exist a full load of the start page loses nothing.
 */
export default async function NotFound() {
  const locale = await requestLocale();
  return (
    // data-server-only: nothing of the app's runs in the browser here (app/layout.tsx); the e2e fixture waits for no hydration.
    <main className="mx-auto max-w-lg p-8 text-center" data-server-only>
      <h1 className="text-2xl font-semibold">404</h1>
      <p className="mt-2 text-slate-700">{translate(locale, "page.notFound")}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose, see above */}
      <a className="mt-4 inline-block text-blue-700 underline" href="/">
        {translate(locale, "page.backHome")}
      </a>
    </main>
  );
}
