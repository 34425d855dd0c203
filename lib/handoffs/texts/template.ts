import { z } from "zod";

/**
 * The hand-off e-mail's text as the owner words it (docs/api.md, "The monthly view of the hand-off"):
 * a subject and a body with German placeholders, checked here and filled by ./texts.ts. Pure, so
 * the request schema, the server and the page's editor share one list and one default. Plain text
 * only: a value goes in as it is, never read as markup or as another placeholder.
 */

/** What each placeholder stands for is said in the editor (messages handoffTexts.placeholder.*) and in docs/api.md. */
export const PLACEHOLDERS = ["anrede", "einheit", "liegenschaft", "monat", "bewohner", "absender", "kontakt"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

export const MAX_SUBJECT = 200;
export const MAX_BODY = 5000;
export const MAX_SENDER_ADDRESS = 200;

/**
 * The built-in text, the one sent until the owner stores another; the editor shows it prefilled. `{anrede}` is the
 * whole greeting line (./greeting.ts); texts stored before it say "Guten Tag {bewohner}," and still read well.
 */
export const DEFAULT_TEXT = {
  subject: "Ihre Verbrauchsinformation für {monat} – {einheit}",
  body: [
    "{anrede}",
    "",
    "anbei erhalten Sie die unterjährige Verbrauchsinformation nach § 6a der Heizkostenverordnung für {einheit} ({liegenschaft}) für {monat} als PDF-Datei.",
    "",
    "Sie zeigt Ihren Verbrauch an Heizung und Warmwasser im Vergleich zum Vormonat, zum Vorjahresmonat und zu einem durchschnittlichen Nutzer. Bei Fragen antworten Sie einfach auf diese E-Mail oder wenden sich an {kontakt}.",
    "",
    "Mit freundlichen Grüßen",
    "{absender}",
  ].join("\n"),
};

const PLACEHOLDER = /\{([^{}\s]{0,40})\}/g;
/** A placeholder with the space before it: an empty value takes the space along ("Guten Tag {bewohner}," -> "Guten Tag,"). */
const SPACED_PLACEHOLDER = /( ?)\{([^{}\s]{0,40})\}/g;

/** The names in braces that are not placeholders, once each, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.has(name)))];
}

const withKnownPlaceholders = (schema: z.ZodString) =>
  schema.superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0)
      ctx.addIssue({
        code: "custom",
        params: {
          messageKey: "handoffTexts.unknownPlaceholders",
          vars: { names: unknown.map((n) => `{${n}}`).join(", ") },
        },
      });
  });

/**
 * The sender's postal address for the letters' return line and letterhead ("Musterweg 1, 20095 Hamburg"): one line,
 * never an e-mail address (the return line is for the post office). Empty: none.
 */
export const SenderAddress = z
  .string()
  .trim()
  .max(MAX_SENDER_ADDRESS)
  .refine((s) => !/[\r\n]/.test(s), { params: { messageKey: "handoffTexts.senderAddressOneLine" } })
  .refine((s) => !s.includes("@"), { params: { messageKey: "handoffTexts.senderAddressNoEmail" } });

/**
 * `PUT /api/handoffs/texts`: the subject is one line (a line break would start a new mail header). `senderAddress`
 * belongs to the text for all properties (texts.ts refuses it for one property); absent: kept as stored.
 */
export const HandoffTextBody = z.strictObject({
  subject: withKnownPlaceholders(
    z
      .string()
      .trim()
      .min(1)
      .max(MAX_SUBJECT)
      .refine((s) => !/[\r\n]/.test(s), { params: { messageKey: "handoffTexts.subjectOneLine" } }),
  ),
  body: withKnownPlaceholders(z.string().trim().min(1).max(MAX_BODY)),
  senderAddress: SenderAddress.optional(),
});
export type HandoffText = z.output<typeof HandoffTextBody>;

/** `?property=`: one property of the register by its name; absent: the text for all properties. */
export const HandoffTextQuery = z.object({ property: z.string().trim().min(1).max(200).optional() });

/**
 * The template with each placeholder replaced by its value, in one pass (a value that contains
 * "{monat}" stays as written). Control characters in a value become spaces, so no value breaks a
 * line of the body or the subject; the subject is kept to one line whatever it holds.
 */
export function fillText(text: HandoffText, values: PlaceholderValues): { subject: string; body: string } {
  const clean = (v: string) => v.replace(/\p{Cc}+/gu, " ").trim();
  const fill = (template: string) =>
    template.replace(SPACED_PLACEHOLDER, (whole, space: string, name: string) => {
      if (!(PLACEHOLDERS as readonly string[]).includes(name)) return whole;
      const value = clean(values[name as Placeholder]);
      return value ? space + value : "";
    });
  return { subject: fill(text.subject).replace(/\s+/g, " ").trim(), body: fill(text.body) };
}
