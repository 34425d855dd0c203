import "server-only";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/format";
import type { MailSender } from "@/lib/mail-config";
import type { CoverLetter } from "@/lib/residents/print/letter";
import type { Recipient } from "@/lib/residents/print/targets";
import { linkParagraphs, longMonth, unitWords } from "@/lib/residents/portal/texts";

/**
 * The German cover letters of the print (letter.ts lays them out): the sender is MAIL_FROM where
 * it is set (the name residents know from the mails), else the signed-in owner's name and
 * address; the date is today's in the display time zone.
 */

function frame(sender: MailSender, to: Recipient, subject: string, body: string[]): CoverLetter {
  const name = sender.name || sender.address;
  return {
    sender: [name, `E-Mail: ${sender.address}`],
    returnLine: `${name} · ${sender.address}`,
    address: [to.name, ...to.address],
    date: formatDate(new Date(), { locale: "de", timeZone: env().displayTimeZone }),
    subject,
    paragraphs: [`Guten Tag ${to.name},`, ...body, "Mit freundlichen Grüßen", name],
  };
}

/** The letter before a resident's document. */
export function documentLetter(sender: MailSender, to: Recipient, periodFrom: string): CoverLetter {
  const month = longMonth(periodFrom);
  const unit = unitWords(to.unit);
  return frame(sender, to, `Ihre Verbrauchsinformation${month ? ` für ${month}` : ""} – ${to.unit.label ?? unit}`, [
    `anbei erhalten Sie die unterjährige Verbrauchsinformation nach § 6a der Heizkostenverordnung für ${unit}${month ? ` für ${month}` : ""}. Sie zeigt Ihren Verbrauch an Heizung und Warmwasser im Vergleich zum Vormonat, zum Vorjahresmonat und zu einem durchschnittlichen Nutzer.`,
    `Bei Fragen wenden Sie sich an ${sender.address}.`,
  ]);
}

/** The letter that carries a resident's portal link, alone. */
export function linkLetter(sender: MailSender, to: Recipient, link: { url: string; expiresAt: Date }): CoverLetter {
  return frame(sender, to, `Ihr Zugang zum Bewohnerportal – ${to.unit.label ?? unitWords(to.unit)}`, [
    ...linkParagraphs(link.url, link.expiresAt),
    `Bei Fragen wenden Sie sich an ${sender.address}.`,
  ]);
}
