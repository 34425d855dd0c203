import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Paragraph } from "@/lib/handoffs/print/letter";
import { unitWords } from "@/lib/handoffs/portal/texts";
import type { ConsentAccess } from "./access";
import { consentUrl, objectionEndpoint } from "@/lib/register/tenancies/consent-links";

/**
 * The consent links' words outside their pages (docs/api.md, "Consent"): the code's mail, the opt-in paragraph of a
 * letter to a resident without consent, and the objection line and headers of every resident mail with a document.
 */

/** The unit as the link's holder knows it (label and property, else its number): no person named. */
export const accessUnit = (a: Pick<ConsentAccess, "label" | "property" | "unitNumber">) =>
  unitWords({ label: a.label, property: a.property, number: a.unitNumber });

/** The mail that carries the opt-in page's code. */
export function codeMail(access: ConsentAccess, code: string, minutes: number, lang: "de" | "en") {
  return {
    subject: translate(lang, "consent.mail.subject"),
    text: translate(lang, "consent.mail.text", { code, minutes, unit: accessUnit(access) }),
  };
}

/**
 * The opt-in paragraph of a letter to a resident without consent: its words beside the link's QR code, then the link
 * on one line below them (smaller where it is long, never cut).
 */
export function optInParagraphs(url: string): Paragraph[] {
  return [
    {
      qr: url,
      beside: [
        "Lieber per E-Mail? Statt per Brief können Sie die Verbrauchsinformation auch per E-Mail erhalten oder im Bewohnerportal lesen. Öffnen Sie dazu den QR-Code oder diesen Link und bestätigen Sie Ihre E-Mail-Adresse; widerrufen können Sie jederzeit:",
      ],
      link: url,
    },
  ];
}

/** What a resident mail with a document gains: the objection's line at the end of its text, and RFC 8058's headers. */
export function objectionOfMail(tenancyId: string): { footer: string; headers: Record<string, string> } | null {
  const page = consentUrl("objection", tenancyId);
  const endpoint = objectionEndpoint(tenancyId);
  if (!page || !endpoint) return null;
  return {
    footer: `\n\n-- \n${translate("de", "consent.objectLink")}:\n${page}`,
    headers: { "List-Unsubscribe": `<${endpoint}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
