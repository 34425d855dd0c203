import type { Channel } from "@/lib/register/list";

/**
 * The resident's own consent to a digital channel (docs/api.md, "The unit register"; migration 0049): §6a HeizkostenV allows
 * e-mail or the portal only with the resident's agreement and the letter always. Consent is given by the resident on
 * the opt-in page (`link`, their address confirmed by a code) or recorded by a manager from a written agreement
 * (`written`, with its date and a reference), never by a bare choice; it covers the channel it names. Without one the
 * channel in force is the letter; an objection ends it, and a written agreement dated before the objection does not
 * bring it back. Pure: the import, the page's edits and the opt-in page share it.
 */

export type DigitalChannel = Exclude<Channel, "post">;
export type Consent = { channel: DigitalChannel; at: string; how: "link" | "written"; reference: string | null };
/** A written agreement as a manager or an import records it: its day (`YYYY-MM-DD`) and a reference. */
export type WrittenConsent = { at: string; reference: string | null };

export const isDigital = (c: Channel): c is DigitalChannel => c !== "post";

/**
 * The channel in force and its consent, for a resident asked to go by `asked`: a written agreement given now wins
 * unless the resident objected on or after its day; else the stored consent, if it names that channel; else the
 * letter. `why` says why a digital channel was not taken.
 */
export function channelInForce(
  asked: Channel,
  given: WrittenConsent | null | undefined,
  stored: { consent: Consent | null; objectedAt: string | null },
): { channel: Channel; consent: Consent | null; why?: "noConsent" | "objected" } {
  if (!isDigital(asked)) return { channel: "post", consent: null };
  if (given) {
    if (stored.objectedAt !== null && stored.objectedAt.slice(0, 10) >= given.at)
      return { channel: "post", consent: null, why: "objected" };
    if (stored.consent?.channel === asked) return { channel: asked, consent: stored.consent };
    return { channel: asked, consent: { channel: asked, at: given.at, how: "written", reference: given.reference } };
  }
  if (stored.consent?.channel === asked) return { channel: asked, consent: stored.consent };
  return { channel: "post", consent: null, why: stored.objectedAt !== null ? "objected" : "noConsent" };
}

/** The columns of a tenancy that hold `consent` (migration 0049). */
export function consentColumns(consent: Consent | null) {
  return {
    consentChannel: consent?.channel ?? null,
    consentHow: consent?.how ?? null,
    consentReference: consent?.reference ?? null,
    digitalConsentAt: consent ? new Date(consent.at) : null,
  };
}

const iso = (v: Date | string | null) => (v === null ? null : typeof v === "string" ? v : v.toISOString());

/** The consent a stored tenancy's columns hold, if any. */
export function consentOf(row: {
  consentChannel: DigitalChannel | null;
  consentHow: "link" | "written" | null;
  consentReference: string | null;
  digitalConsentAt: Date | string | null;
}): Consent | null {
  if (!row.consentChannel || !row.consentHow || row.digitalConsentAt === null) return null;
  return {
    channel: row.consentChannel,
    how: row.consentHow,
    at: iso(row.digitalConsentAt)!,
    reference: row.consentReference,
  };
}

export const objectedAtOf = (v: Date | string | null) => iso(v);

/**
 * A cell of the import's `Einwilligung` column: the day of the written agreement (`TT.MM.JJJJ` or `YYYY-MM-DD`),
 * then its reference ("12.03.2026 Az. 4711", "2026-03-12, Formular"); null for an empty cell, undefined for a cell
 * without a day first.
 */
export function writtenConsentOfCell(
  cell: string | null,
  parseDay: (text: string) => string | undefined,
): WrittenConsent | null | undefined {
  if (cell === null || cell.trim() === "") return null;
  const m = /^\s*(\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2})[\s,;:–-]*(.*)$/u.exec(cell);
  const at = m ? parseDay(m[1]!) : undefined;
  if (!m || at === undefined) return undefined;
  return { at, reference: m[2]!.trim() || null };
}
