/**
 * A resident as a tenancy names them (docs/api.md, "The unit register"): the parts a register
 * export carries, and `name`, the full name in its natural order ("Hans-Jürgen Müller", or the
 * company), which lists and pages show. Pure: the import, the letters, the mails and the pages share it.
 */
export type Person = {
  name: string;
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
};

/** The full name in its natural order from the parts a row gave (first and last name, else the company). */
export function fullName(p: Omit<Person, "name" | "salutation">): string | null {
  const personal = [p.firstName, p.lastName].filter(Boolean).join(" ");
  return personal || p.company || null;
}
