import type { MessageKey } from "@/lib/i18n/messages";
import type { Channel } from "@/lib/register/list";

/**
 * The rules a resident keeps whichever way they come (a register row, a move recorded on the page):
 * a name, a valid e-mail where there is one, an e-mail for the e-mail channel, a postal address for
 * post, a way to reach a portal resident with their link, and no control characters in any text
 * (`hasControl`: the import's cells, the unit edit's and the move's fields). Pure.
 */

export const EMAIL = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:]+$/;
// Control characters (C0 with tab and line breaks, DEL, C1), line and paragraph separators and bidi
// overrides: they break a mail's lines and a letter's address, or reorder what a reader sees.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * Whether a text holds a CONTROL character; with `lines` (a postal address, which alone keeps its lines) its line
 * breaks (`\r\n`, `\r`, `\n`) do not count. The one check of the import's cells and of the routes' text fields.
 */
export const hasControl = (text: string, lines = false): boolean =>
  CONTROL.test(lines ? text.replace(/\r\n|\r|\n/g, "") : text);

export type ResidentField = "name" | "email" | "channel" | "postalAddress";
export type ResidentProblem = { field: ResidentField; message: MessageKey };
type Checked = { name: string | null; email: string | null; channel: Channel; postalAddress: string | null };

/** What the channel needs of a resident, and the e-mail's form. */
export function channelProblems(r: Omit<Checked, "name">): ResidentProblem[] {
  const problems: ResidentProblem[] = [];
  if (r.email !== null && !EMAIL.test(r.email)) problems.push({ field: "email", message: "unitsApi.row.badEmail" });
  if (r.channel === "email" && r.email === null)
    problems.push({ field: "email", message: "unitsApi.row.emailMissing" });
  if (r.channel === "post" && r.postalAddress === null)
    problems.push({ field: "postalAddress", message: "unitsApi.row.addressMissing" });
  if (r.channel === "portal" && r.email === null && r.postalAddress === null)
    problems.push({ field: "email", message: "unitsApi.row.portalUnreachable" });
  return problems;
}

/** A move's resident: a name and the channel's needs (the move's schema has refused control characters in every field). */
export function residentProblems(r: Checked): ResidentProblem[] {
  const problems: ResidentProblem[] = [];
  if (!r.name) problems.push({ field: "name", message: "unitsApi.row.nameMissing" });
  return [...problems, ...channelProblems(r)];
}
