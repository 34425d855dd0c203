import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { PortalLinkAnswer, PrintQuery } from "@/lib/residents/portal/schemas";
import { json, type ApiOperation } from "./operation";

/**
 * The print of a property's letters and the owner's portal-link actions (docs/api.md, "The resident's portal and the
 * printed letters"). `/r/{token}` is a page, not an API.
 */

const unitNotFound = "`not_found`: no such unit in the signed-in user's register";

export const PORTAL_OPERATIONS: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/handoffs/print",
    tag: "documents",
    summary: "One PDF of a property's letters for a month, to print and post",
    access: CONNECTION_ROLES,
    body: PrintQuery,
    description:
      "The body names `property` (one property of the register, by name) and `month` (the documents' month, `YYYY-MM`). For each resident on the post channel with an archived document of that month (not already opened through a portal): a DIN 5008 cover letter, then the document's pages; those hand-offs become `printed` (a second print prints again and counts the attempt). For each resident on the portal channel without an e-mail address whose link has not reached them yet: a letter with a fresh link (the older one stops working). At most 500 letters, 200 MB of documents and 5000 pages, made within 60 s on a worker thread; when the client leaves, the work stops and nothing is marked printed. A POST because it changes the record: there is no GET (405).",
    answers: [{ status: 200, description: "the letters, an attachment", content: { type: "application/pdf" } }],
    errors: {
      404: "`nothing_to_print`: no letter for that property and month",
      413: "`print_too_large`: the documents are over 200 MB together",
      422: "`too_many_letters`: over 500 letters; `too_many_pages`: over 5000 pages, counted before any is copied; `print_unreadable`: a document is no readable PDF; `print_too_slow`: over 60 s; `print_too_complex`: a document needs more memory than a print may use (in each case those hand-offs are `failed`, nothing is marked printed)",
    },
  },
  {
    method: "POST",
    path: "/api/units/{id}/portal-link",
    tag: "units",
    summary: "Renew a unit's portal link",
    access: CONNECTION_ROLES,
    description:
      "The resident's live link stops working; the new one is not shown: the next hand-off mail or printed letter to the resident carries a fresh link.",
    answers: [{ status: 200, description: "the link's state and when it would end", content: json(PortalLinkAnswer) }],
    errors: { 404: unitNotFound, 409: "`no_resident`: the unit has no resident" },
  },
  {
    method: "DELETE",
    path: "/api/units/{id}/portal-link",
    tag: "units",
    summary: "Revoke a unit's portal link",
    access: CONNECTION_ROLES,
    description:
      "The resident's link stops working at once, and no new one goes out by mail or letter until the owner renews it.",
    answers: [{ status: 200, description: "revoked", content: json(PortalLinkAnswer) }],
    errors: { 404: unitNotFound },
  },
];
