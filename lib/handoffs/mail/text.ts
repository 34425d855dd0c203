import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { formatMonth } from "@/lib/format";
import type { MailSender } from "@/lib/mail-config";
import type { HandoffSource } from "@/lib/handoffs/targets";
import type { Person } from "@/lib/register/tenancies/person";
import { greeting, greetingName } from "@/lib/handoffs/texts/greeting";
import { renderText } from "@/lib/handoffs/texts/texts";

/**
 * The e-mail that carries a UVI to its resident: the owner's text for the unit's property
 * (./texts.ts, else the built-in German one), its placeholders filled: the month from the
 * document's period, the unit by its register label (else its number), the sender from MAIL_FROM.
 * A value the document or register lacks reads as a German phrase rather than an empty gap; the
 * greeting (../texts/greeting.ts) is neutral for a resident without a name.
 */

/** "Oktober 2026" from a period's first day; `null` when the document has no period. */
function monthOf(periodFrom: string | null): string | null {
  return periodFrom && /^\d{4}-\d{2}/.test(periodFrom) ? formatMonth(periodFrom.slice(0, 7), "de", "long") : null;
}

export async function handoffMail(
  db: Db,
  p: Principal,
  source: HandoffSource,
  resident: Person,
  sender: MailSender,
): Promise<{ subject: string; text: string }> {
  const property = source.unit?.property ?? null;
  const { subject, body } = await renderText(db, p, property, {
    einheit: source.unit?.label ?? `Nutzeinheit ${source.unitMsc ?? ""}`.trim(),
    liegenschaft: property ?? "Ihre Liegenschaft",
    monat: monthOf(source.periodFrom) ?? "den Abrechnungszeitraum",
    anrede: greeting(resident),
    bewohner: greetingName(resident) ?? "",
    absender: sender.name || sender.address,
    kontakt: sender.address,
  });
  return { subject, text: body };
}
