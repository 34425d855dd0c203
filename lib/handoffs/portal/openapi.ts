import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { z } from "zod";
import { PortalLinkAnswer, PostedBody, PrintQuery } from "@/lib/handoffs/portal/schemas";
import { json, type ApiOperation } from "@/lib/api/operation";

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
      "The body names `property` (one property of the register, by name), `month` (the documents' month, `YYYY-MM`) and, when no sender address is stored yet, `senderAddress` (the letters' return line, one line, no e-mail address; stored with the text for all properties, a stored one is kept). For each resident on the post channel with an archived document of that month (not already opened through a portal, nor posted): a DIN 5008 cover letter, then the document's pages. For each resident on the portal channel without an e-mail address whose link has not reached them yet, or who has an archived document of that month no letter carries yet: a letter with a fresh link and QR code (the older link stops working). Those hand-offs become `printed` (\"Briefe erstellt\"): made, not handed on until `POST /api/handoffs/posted` confirms the letters went out (a second print prints the post letters again and counts the attempt). At most 500 letters, 200 MB of documents and 5000 pages, made within 60 s on a worker thread; when the client leaves, the work stops and nothing is marked printed. A POST because it changes the record: there is no GET (405).",
    answers: [{ status: 200, description: "the letters, an attachment", content: { type: "application/pdf" } }],
    errors: {
      404: "`nothing_to_print`: no letter for that property and month",
      409: "`sender_address_missing`: no sender address is stored and none was given; nothing was claimed",
      413: "`print_too_large`: the documents are over 200 MB together",
      422: "`too_many_letters`: over 500 letters; `too_many_pages`: over 5000 pages, counted before any is copied; `print_unreadable`: a document is no readable PDF; `print_too_slow`: over 60 s; `print_too_complex`: a document needs more memory than a print may use (in each case those hand-offs are `failed`, nothing is marked printed)",
    },
  },
  {
    method: "POST",
    path: "/api/handoffs/posted",
    tag: "documents",
    summary: 'Confirm that a print\'s letters were printed and posted ("Gedruckt und versandt")',
    access: CONNECTION_ROLES,
    body: PostedBody,
    description:
      'The letters of `property`\'s print for `month` whose hand-offs are `printed` become `posted`: handed on, by the signed-in user, now (the post letters, and the documents a portal resident\'s link letter carries). `documents` confirms only those of the print (absent: all). The print stays in the record\'s history, so the proof says both ("gedruckt am … von …", "versandt am … von …"). Each one is an audit event. Same-origin only.',
    answers: [
      {
        status: 200,
        description: "how many were confirmed, and which",
        content: json(
          z.object({
            posted: z.number().int(),
            documents: z.array(
              z.object({ connectionId: z.uuid(), documentid: z.string(), channel: z.enum(["post", "portal"]) }),
            ),
          }),
        ),
      },
    ],
    errors: { 404: "`nothing_to_post`: no letter of that property and month is made and not yet confirmed" },
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
