import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PortalDocuments } from "@/components/portal/portal-documents";
import { getDb } from "@/lib/db/client";
import { portalView } from "@/lib/handoffs/portal/view";
import { consentPath } from "@/lib/register/tenancies/consent-links";
import { translate } from "@/lib/i18n/messages";

// The link is the only key: the page is never cached, never indexed, and its address never sent on as a referrer.
export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: translate("de", "portal.page.title"),
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

/** A resident's documents through their portal link; any link that opens nothing is the ordinary 404 page. */
export default async function PortalPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await portalView(await getDb(), token);
  if (!view) notFound();
  return <PortalDocuments view={view} token={token} objection={consentPath("objection", view.access.tenancyId)} />;
}
