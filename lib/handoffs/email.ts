import "server-only";
import { formatMonth } from "@/lib/format";
import type { MailSender } from "@/lib/mail-config";
import type { HandoffSource } from "./targets";

/**
 * The e-mail that carries a UVI to its resident: German, as the letters of a German property
 * manager are; the month from the document's period, the unit by its register label (else its
 * number), the sender from MAIL_FROM. (Texts the manager edits per property are to come.)
 */

/** "Oktober 2026" from a period's first day; `null` when the document has no period. */
function monthOf(periodFrom: string | null): string | null {
  return periodFrom && /^\d{4}-\d{2}/.test(periodFrom) ? formatMonth(periodFrom.slice(0, 7), "de", "long") : null;
}

export function handoffMail(source: HandoffSource, resident: { name: string }, sender: MailSender): { subject: string; text: string } {
  const month = monthOf(source.periodFrom);
  const unit = source.unit?.label ?? `Nutzeinheit ${source.unitMsc ?? ""}`.trim();
  const subject = `Ihre Verbrauchsinformation${month ? ` für ${month}` : ""} – ${unit}`;
  const from = sender.name || sender.address;
  const text = [
    `Guten Tag ${resident.name},`,
    "",
    `anbei erhalten Sie die unterjährige Verbrauchsinformation nach § 6a der Heizkostenverordnung für ${unit}${
      source.unit?.property ? ` (${source.unit.property})` : ""
    }${month ? ` für ${month}` : ""} als PDF-Datei.`,
    "",
    `Sie zeigt Ihren Verbrauch an Heizung und Warmwasser im Vergleich zum Vormonat, zum Vorjahresmonat und zu einem durchschnittlichen Nutzer. Bei Fragen antworten Sie einfach auf diese E-Mail oder wenden sich an ${sender.address}.`,
    "",
    "Mit freundlichen Grüßen",
    from,
  ].join("\n");
  return { subject, text };
}
