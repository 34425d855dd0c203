import type { Metadata } from "next";
import { ConsentGone, type ConsentLang } from "@/components/consent/consent-frame";
import { OptInPage } from "@/components/consent/opt-in-page";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { openConsent } from "@/lib/handoffs/consent/access";
import { consentPath } from "@/lib/register/tenancies/consent-links";
import { translate } from "@/lib/i18n/messages";

// The link is the only key: the page is never cached, never indexed, and its address never sent on as a referrer.
export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: translate("de", "consent.optIn.title"),
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The resident's opt-in page (docs/api.md, "Consent"); a link that opens nothing says "Dieser Link gilt nicht mehr". */
export default async function ConsentPage(props: { params: Promise<{ token: string }>; searchParams: Search }) {
  const { token } = await props.params;
  const search = await props.searchParams;
  const lang: ConsentLang = search.lang === "en" ? "en" : "de";
  const access = await openConsent(await getDb(), "optIn", token);
  const other = `/einwilligung/${token}${lang === "de" ? "?lang=en" : ""}`;
  if (!access) return <ConsentGone lang={lang} other={other} />;
  return (
    <OptInPage
      access={access}
      token={token}
      lang={lang}
      state={typeof search.s === "string" ? search.s : undefined}
      minutes={env().consentCodeMinutes}
      timeZone={env().displayTimeZone}
      objection={consentPath("objection", access.tenancyId)}
    />
  );
}
