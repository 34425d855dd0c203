import Link from "next/link";
import { translate } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

export default async function NotFound() {
  const locale = await requestLocale();
  return (
    <main className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-semibold">404</h1>
      <p className="mt-2 text-slate-700">{translate(locale, "page.notFound")}</p>
      <Link className="mt-4 inline-block text-blue-700 underline" href="/">
        {translate(locale, "page.backHome")}
      </Link>
    </main>
  );
}
