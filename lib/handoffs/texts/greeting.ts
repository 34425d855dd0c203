import type { Person } from "@/lib/register/tenancies/person";

/**
 * How a mail or letter greets its resident (docs/api.md, "The unit register"): "Guten Tag Frau Müller," from the
 * salutation and last name, else the full name in its natural order, else a neutral greeting; a company alone is
 * greeted "Sehr geehrte Damen und Herren,". Never "Nachname, Vorname". Pure: the mails, the letters and tests share it.
 */

/** What a register may write before a name, as the greeting writes it; anything else ("Divers", "Firma") is none. */
const SALUTATIONS: Record<string, string> = {
  herr: "Herr",
  herrn: "Herr",
  frau: "Frau",
  familie: "Familie",
  eheleute: "Eheleute",
  "herr und frau": "Herr und Frau",
  "herrn und frau": "Herr und Frau",
  "frau und herr": "Frau und Herr",
  "frau und herrn": "Frau und Herr",
};
/** Academic titles kept after the salutation ("Frau Dr. Weiß"). */
const TITLE = /^((?:prof\.|dr\.)(?:\s*(?:dr\.|med\.|rer\.\s*nat\.|h\.\s*c\.|-ing\.))*)\s*/i;
/** Words that make a name a company's: such a name is never turned around at its comma. */
const COMPANY =
  /(?<![\p{L}\p{N}])(gmbh|mbh|ag|kg|ohg|gbr|ug|e\.\s?v\.|eg|se|co\.|stiftung|genossenschaft|verein|firma)(?![\p{L}\p{N}])|&/iu;

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

const BY_LENGTH = Object.keys(SALUTATIONS).sort((a, b) => b.length - a.length);

/** The salutation as the greeting writes it ("Herrn" -> "Herr"), with a title that follows it; `null` for none. */
export function salutationOf(raw: string | null | undefined): string | null {
  const text = clean(raw);
  const word = BY_LENGTH.find((w) => text.toLowerCase() === w || text.toLowerCase().startsWith(`${w} `));
  if (!word) return null;
  const title = TITLE.exec(text.slice(word.length).trim())?.[1];
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  return title ? `${SALUTATIONS[word]} ${title.split(/\s+/).map(cap).join(" ")}` : SALUTATIONS[word]!;
}

/** "Müller, Hans-Jürgen" as "Hans-Jürgen Müller"; a company's name or one without one comma stays as it is. */
export function naturalOrder(name: string): string {
  const text = clean(name);
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1] || COMPANY.test(text)) return text;
  return `${parts[1]} ${parts[0]}`;
}

/** The full name in its natural order: first and last name, else `name` (turned around at its comma). */
export function personalName(p: Person): string {
  const parts = [clean(p.firstName), clean(p.lastName)].filter(Boolean).join(" ");
  if (parts) return parts;
  const name = clean(p.name);
  return name && name !== clean(p.company) && !COMPANY.test(name) ? naturalOrder(name) : "";
}

/** Whom the greeting names: "Frau Müller", else the full name, else nobody (a company alone, or no name). */
export function greetingName(p: Person): string | null {
  const salutation = salutationOf(p.salutation);
  const last = clean(p.lastName);
  if (salutation && last) return `${salutation} ${last}`;
  return personalName(p) || null;
}

/** Whether the resident is a company with no person named. */
export function isCompanyOnly(p: Person): boolean {
  if (greetingName(p)) return false;
  return Boolean(clean(p.company)) || COMPANY.test(clean(p.name));
}

/** The greeting line: "Guten Tag Frau Müller,", "Guten Tag Hans-Jürgen Müller,", "Sehr geehrte Damen und Herren,". */
export function greeting(p: Person): string {
  const name = greetingName(p);
  if (name) return `Guten Tag ${name},`;
  return isCompanyOnly(p) ? "Sehr geehrte Damen und Herren," : "Guten Tag,";
}

/** A person known by one name only (a register before name parts): the greeting reads that name. */
export const personOf = (name: string): Person => ({
  name,
  salutation: null,
  firstName: null,
  lastName: null,
  company: null,
});

/** The address window's name lines: the company, then the person ("Herrn Hans Müller"), each once. */
export function addressNames(p: Person): string[] {
  const company = clean(p.company);
  const personal = personalName(p);
  const salutation = salutationOf(p.salutation)?.replace(/^Herr(?= |$)/, "Herrn");
  const named = personal && salutation && clean(p.lastName) ? `${salutation} ${personal}` : personal;
  const lines = [company, named].filter(Boolean);
  return lines.length > 0 ? [...new Set(lines)] : [clean(p.name)].filter(Boolean);
}
