/**
 * Text from outside that may quote a person (a mail server's answer, a provider's message), made fit
 * to store: invisible format characters removed and other control characters made spaces, each of
 * `quoted` (the person's values: names, e-mail addresses, address lines) and any e-mail address
 * replaced by REDACTED, then cut to `max` characters. Pure; shared by the e-mail channel
 * (lib/handoffs/mail/failure.ts) and on-site-roles answers (lib/provider/osr-answer.ts).
 */

export const REDACTED = "<…>";

/** Shorter values are replaced only as whole words: a first name "Al" leaves "Allee" alone. */
const WORD_BELOW = 4;
/** Values shorter than this say nothing of anyone (an initial). */
const MIN_VALUE = 2;
/** An e-mail address; each part bounded (RFC 5321's lengths), so no text makes the search quadratic. */
const EMAIL = /[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){1,8}/gu;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The characters a value is compared on: no control or format character, runs of spaces as one. */
const printable = (s: string) =>
  s
    .replace(/\p{Cf}+/gu, "")
    .replace(/\p{C}+/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();

function valuesPattern(quoted: readonly string[]): RegExp | null {
  const values = [...new Set(quoted.map(printable).filter((v) => v.length >= MIN_VALUE))];
  if (values.length === 0) return null;
  // Longest first, so a whole name goes as one before its parts.
  values.sort((a, b) => b.length - a.length);
  const alternatives = values.map((v) => {
    const pattern = escapeRegExp(v).replace(/ /g, "\\s+");
    return v.length < WORD_BELOW ? `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])` : pattern;
  });
  return new RegExp(alternatives.join("|"), "giu");
}

export function redactText(text: string, quoted: readonly string[], max: number): string {
  const pattern = valuesPattern(quoted);
  const clean = printable(text);
  const named = pattern ? clean.replace(pattern, REDACTED) : clean;
  return named.replace(EMAIL, REDACTED).slice(0, max);
}

/**
 * The values of a person that `redactText` takes out: each given value, and an address's lines
 * (split at line breaks and commas: street, postal code and city) beside the whole.
 */
export function quotedValues(person: {
  names: (string | null | undefined)[];
  email?: string | null;
  address?: string | null;
}): string[] {
  const address = person.address ? [person.address, ...person.address.split(/[\n,]/)] : [];
  return [...person.names, person.email, ...address].filter((v): v is string => !!v && !!v.trim());
}
