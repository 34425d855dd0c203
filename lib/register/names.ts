import { fullName, type Person } from "@/lib/register/tenancies/person";

/**
 * A resident's name as one cell of a register ("Vorname Nachname" or "Nachname, Vorname", with a
 * salutation in front or a company's name) split into the parts a tenancy keeps
 * (lib/register/tenancies/person.ts); `name` is always the natural order. Pure: the import's rows
 * and their unit tests share it.
 */

const SALUTATIONS = new Map([
  ["frau", "Frau"],
  ["herr", "Herr"],
  ["herrn", "Herr"],
  ["divers", "Divers"],
]);
// Particles that start a family name ("Anna von Berg", "Jan de Vries").
const PARTICLES = new Set([
  "von",
  "van",
  "de",
  "der",
  "den",
  "zu",
  "zur",
  "vom",
  "zum",
  "di",
  "da",
  "du",
  "le",
  "la",
  "ten",
  "ter",
]);
const COMPANY =
  /(?:^|[\s.&])(?:GmbH|mbH|AG|KG|KGaA|OHG|GbR|UG|e\.\s?V\.|e\.\s?K\.|eG|SE|Ltd\.?|Inc\.?|Stiftung|Verwaltung|Genossenschaft|& Co\.?)(?=$|[\s.,)])/i;

/** Whether a name carries a legal form ("GmbH", "KG", "e. V."): a company, not a person. */
export const isCompany = (name: string) => COMPANY.test(name);

/** The salutation a cell names ("Frau", "Herr"; "Herrn" as in an address); others are kept as written. */
export const salutationOf = (cell: string): string => SALUTATIONS.get(cell.trim().toLowerCase()) ?? cell.trim();

/** Splits natural order: the last word is the family name, with the particles before it. */
function splitNatural(words: string[]): { firstName: string | null; lastName: string } {
  if (words.length === 1) return { firstName: null, lastName: words[0]! };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--;
  return { firstName: words.slice(0, start).join(" "), lastName: words.slice(start).join(" ") };
}

/**
 * One cell's name as parts: "Müller, Hans-Jürgen" and "Hans-Jürgen Müller" alike give first name
 * "Hans-Jürgen" and last name "Müller"; "Frau Anna Weiß" also the salutation; a name with a legal
 * form ("Hansa Wohnen GmbH") is a company. Never `name` in "Nachname, Vorname" order.
 */
export function splitName(cell: string): Person {
  const text = cell.trim().replace(/\s+/g, " ");
  if (COMPANY.test(text)) return { name: text, salutation: null, firstName: null, lastName: null, company: text };
  const comma = text.indexOf(",");
  let words = (comma >= 0 ? text.slice(0, comma) : text).split(" ").filter(Boolean);
  let rest =
    comma >= 0
      ? text
          .slice(comma + 1)
          .trim()
          .split(" ")
          .filter(Boolean)
      : [];
  let salutation: string | null = null;
  const lead = comma >= 0 ? rest : words;
  if (lead.length > 1 && SALUTATIONS.has(lead[0]!.toLowerCase())) {
    salutation = salutationOf(lead[0]!);
    if (comma >= 0) rest = rest.slice(1);
    else words = words.slice(1);
  }
  const parts =
    comma >= 0 && (rest.length > 0 || words.length === 0)
      ? { firstName: rest.join(" ") || null, lastName: words.join(" ") }
      : splitNatural(words);
  const name = fullName({ ...parts, company: null }) ?? text;
  return { name, salutation, firstName: parts.firstName, lastName: parts.lastName || null, company: null };
}
