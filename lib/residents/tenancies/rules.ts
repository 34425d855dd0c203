import type { MessageKey } from "@/lib/i18n/messages";
import type { Channel } from "@/lib/lists/units";

/**
 * The rules a resident keeps whichever way they come (a register row, a move recorded on the page):
 * a name, a valid e-mail where there is one, an e-mail for the e-mail channel, a postal address for
 * post, a way to reach a portal resident with their link, and no control characters. Pure.
 */

export const EMAIL = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:]+$/;
// Control characters (C0 with tab and line breaks, DEL, C1), line and paragraph separators and bidi
// overrides: they break a mail's lines and a letter's address, or reorder what a reader sees.
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

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

export function residentProblems(r: Checked): ResidentProblem[] {
  const problems: ResidentProblem[] = [];
  if (!r.name) problems.push({ field: "name", message: "unitsApi.row.nameMissing" });
  for (const field of ["name", "email"] as const)
    if (r[field] && CONTROL.test(r[field])) problems.push({ field, message: "unitsApi.row.control" });
  if (r.postalAddress && CONTROL.test(r.postalAddress.replaceAll("\n", "")))
    problems.push({ field: "postalAddress", message: "unitsApi.row.control" });
  return [...problems, ...channelProblems(r)];
}
