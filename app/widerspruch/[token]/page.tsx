import type { Metadata } from "next";
import { ConsentGone, type ConsentLang } from "@/components/consent/consent-frame";
import { ObjectionPage } from "@/components/consent/objection-page";
import { getDb } from "@/lib/db/client";
import { openConsent } from "@/lib/handoffs/consent/access";
import { translate } from "@/lib/i18n/messages";

// As the opt-in page: never cached, never indexed, no referrer. Its GET changes nothing.
export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: translate("de", "consent.objection.title"),
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The resident's objection page (docs/api.md, "Consent"): one button, no sign-in. */
export default async function ObjectionRoute(props: { params: Promise<{ token: string }>; searchParams: Search }) {
  const { token } = await props.params;
  const search = await props.searchParams;
  const lang: ConsentLang = search.lang === "en" ? "en" : "de";
  const access = await openConsent(await getDb(), "objection", token);
  const other = `/widerspruch/${token}${lang === "de" ? "?lang=en" : ""}`;
  if (!access) return <ConsentGone lang={lang} other={other} />;
  return <ObjectionPage access={access} token={token} lang={lang} done={search.s === "done"} />;
}
