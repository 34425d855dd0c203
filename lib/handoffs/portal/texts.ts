import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatDate, formatMonth } from "@/lib/format";
import type { MailSender } from "@/lib/mail-config";
import type { Person } from "@/lib/register/tenancies/person";
import { greeting } from "@/lib/handoffs/texts/greeting";
import type { HandoffSource } from "@/lib/handoffs/targets";

/**
 * The German words of the portal channel (the resident's language of a German property manager,
 * as in email.ts): the mail that tells a resident of a new document, with their link when it is
 * the first, and the paragraphs of the printed letters.
 */

/**
 * Where links point: PUBLIC_URL (with SANDBOX=1 the demo's own address), never a request's Host, which a client
 * chooses (issue #44). Without it no link is made: the print and the portal's mail answer 503 saying how to set it.
 */
export function portalOrigin(): string {
  const origin = env().linkOrigin;
  if (!origin) throw new AppError(503, "public_url_missing", "portal.publicUrlMissing");
  return origin;
}

/** "Oktober 2026" of a `YYYY-MM-DD` period start, else null. */
export const longMonth = (periodFrom: string | null) =>
  periodFrom && /^\d{4}-\d{2}/.test(periodFrom) ? formatMonth(periodFrom.slice(0, 7), "de", "long") : null;

/** The unit as a resident knows it: its label with the property, else its number. */
export function unitWords(unit: { label: string | null; property: string | null; number: string | null }): string {
  const name = unit.label ?? `Nutzeinheit ${unit.number ?? ""}`.trim();
  return unit.property ? `${name} (${unit.property})` : name;
}

/** How a resident opens the portal, said once, with the link and how long it holds. */
export function linkParagraphs(url: string, expiresAt: Date): string[] {
  const until = formatDate(expiresAt, { locale: "de", timeZone: env().displayTimeZone });
  return [
    "Ihre Verbrauchsinformationen finden Sie ab jetzt in Ihrem persönlichen Bewohnerportal. Öffnen Sie dazu diesen Link; ein Konto brauchen Sie nicht:",
    url,
    `Der Link gilt bis zum ${until}. Bitte geben Sie ihn nicht weiter: Wer ihn kennt, sieht Ihre Verbrauchsinformationen. Wenn Sie glauben, dass ihn jemand anderes kennt, bitten Sie uns um einen neuen.`,
  ];
}

/** The mail of the portal channel: a new document, and the link when this mail is the first to carry one. */
export function portalMail(
  source: HandoffSource,
  resident: Person,
  sender: MailSender,
  link: { url: string; expiresAt: Date } | null,
) {
  const month = longMonth(source.periodFrom);
  const unit = unitWords({
    label: source.unit?.label ?? null,
    property: source.unit?.property ?? null,
    number: source.unitMsc,
  });
  const subject = `Neue Verbrauchsinformation${month ? ` für ${month}` : ""} in Ihrem Bewohnerportal`;
  const text = [
    greeting(resident),
    "",
    `in Ihrem Bewohnerportal liegt die unterjährige Verbrauchsinformation nach § 6a der Heizkostenverordnung für ${unit}${month ? ` für ${month}` : ""}.`,
    "",
    ...(link
      ? linkParagraphs(link.url, link.expiresAt).flatMap((p) => [p, ""])
      : ["Öffnen Sie sie über den Link, den wir Ihnen für das Portal geschickt haben.", ""]),
    `Bei Fragen antworten Sie einfach auf diese E-Mail oder wenden sich an ${sender.address}.`,
    "",
    "Mit freundlichen Grüßen",
    sender.name || sender.address,
  ].join("\n");
  return { subject, text };
}
