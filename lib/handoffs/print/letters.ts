import "server-only";
import { env } from "@/lib/env";
import { formatDate } from "@/lib/format";
import type { MailSender } from "@/lib/mail-config";
import type { CoverLetter, Paragraph } from "@/lib/handoffs/print/letter";
import type { Recipient } from "@/lib/handoffs/print/targets";
import { linkParagraphs, longMonth, unitWords } from "@/lib/handoffs/portal/texts";
import type { Person } from "@/lib/register/tenancies/person";
import { addressNames, greeting, personOf } from "@/lib/handoffs/texts/greeting";
import { optInParagraphs } from "@/lib/handoffs/consent/texts";

/**
 * The German cover letters of the print (letter.ts lays them out, DIN 5008 form B). The sender is
 * named as in the mails (MAIL_FROM's name, else the signed-in owner's) with the postal address the
 * owner stored with the texts; the return line above the window holds name and postal address only,
 * never an e-mail address. The date is today's in the display time zone.
 */

export type LetterSender = {
  /** The name residents know; '' when none is known that is not an e-mail address. */
  name: string;
  /** The postal address's parts ("Musterweg 1", "20095 Hamburg"); empty when none is stored. */
  postal: string[];
  /** Where residents ask: MAIL_FROM's address, else the owner's. */
  email: string;
};

const isEmail = (s: string) => s.includes("@");
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The letters' sender from MAIL_FROM (else the owner) and the stored postal address (`null`: none). */
export function letterSender(
  from: MailSender | undefined,
  owner: { name: string; email: string },
  postalAddress: string | null,
): LetterSender {
  const name = [from?.name, owner.name].map((n) => squash(n ?? "")).find((n) => n && !isEmail(n)) ?? "";
  const postal = (postalAddress ?? "")
    .split(/\s*[,;\n]\s*/)
    .map(squash)
    .filter((p) => p && !isEmail(p));
  return { name, postal, email: from?.address ?? owner.email };
}

/** The return line (Rücksendeangabe): "Hausverwaltung Muster · Musterweg 1 · 20095 Hamburg". */
export const returnLine = (s: LetterSender) => [s.name, ...s.postal].filter(Boolean).join(" · ");

/** The address window's lines: the name once, then the postal lines (a first line repeating the name dropped). */
export function windowLines(to: { name: string; address: string[]; person?: Person }): string[] {
  const person = to.person ?? personOf(to.name);
  const names = addressNames(person);
  const key = (s: string) => squash(s).toLowerCase();
  const known = new Set([to.name, person.name, ...names].map(key));
  const lines = to.address.map(squash).filter(Boolean);
  return [...names, ...(lines[0] !== undefined && known.has(key(lines[0])) ? lines.slice(1) : lines)];
}

function frame(sender: LetterSender, to: Recipient, subject: string, body: Paragraph[]): CoverLetter {
  const signature = sender.name || "Ihre Hausverwaltung";
  return {
    sender: [signature, sender.postal.join(", "), `E-Mail: ${sender.email}`].filter(Boolean),
    returnLine: returnLine(sender),
    address: windowLines(to),
    date: formatDate(new Date(), { locale: "de", timeZone: env().displayTimeZone }),
    subject,
    paragraphs: [greeting(to.person), ...body, "Mit freundlichen Grüßen", signature],
  };
}

/** A portal link's paragraphs: the link as text and, below it, as a QR code. */
function linkWithQr(link: { url: string; expiresAt: Date }): Paragraph[] {
  const paragraphs: Paragraph[] = linkParagraphs(link.url, link.expiresAt);
  const at = paragraphs.indexOf(link.url) + 1 || paragraphs.length;
  paragraphs.splice(
    at,
    0,
    "Statt den Link abzutippen, können Sie diesen QR-Code mit der Kamera Ihres Smartphones öffnen:",
    { qr: link.url },
  );
  return paragraphs;
}

/**
 * The letter before a resident's document; with `link`, their portal link too (the first letter of a print); with
 * `optIn`, the opt-in link of a resident without consent and its QR code ("Lieber per E-Mail?", docs/api.md "Consent").
 */
export function documentLetter(
  sender: LetterSender,
  to: Recipient,
  periodFrom: string,
  link?: { url: string; expiresAt: Date },
  optIn?: string,
): CoverLetter {
  const month = longMonth(periodFrom);
  const unit = unitWords(to.unit);
  return frame(sender, to, `Ihre Verbrauchsinformation${month ? ` für ${month}` : ""} – ${to.unit.label ?? unit}`, [
    `anbei erhalten Sie die unterjährige Verbrauchsinformation nach § 6a der Heizkostenverordnung für ${unit}${month ? ` für ${month}` : ""}. Sie zeigt Ihren Verbrauch an Heizung und Warmwasser im Vergleich zum Vormonat, zum Vorjahresmonat und zu einem durchschnittlichen Nutzer.`,
    ...(link ? linkWithQr(link) : []),
    ...(optIn ? optInParagraphs(optIn) : []),
    `Bei Fragen wenden Sie sich an ${sender.email}.`,
  ]);
}

/** The letter that carries a resident's portal link, alone. */
export function linkLetter(sender: LetterSender, to: Recipient, link: { url: string; expiresAt: Date }): CoverLetter {
  return frame(sender, to, `Ihr Zugang zum Bewohnerportal – ${to.unit.label ?? unitWords(to.unit)}`, [
    ...linkWithQr(link),
    `Bei Fragen wenden Sie sich an ${sender.email}.`,
  ]);
}
