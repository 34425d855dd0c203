import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody, UpdateConnectionBody } from "@/lib/connections/schemas";
import { ConfirmationsBody, KdQuery, ListDocumentsQuery } from "@/lib/delivery/schemas";
import { InboxQuery } from "@/lib/views/inbox/schemas";
import * as A from "./answers";
import { DocumentFactsAnswer } from "./delivery-answers";
import { file, json, ndjson, type ApiOperation } from "./operation";

/** The OpenAPI entries of a user's own connections, their documents at the provider and the inbox. */

const PROVIDER = {
  502: "`provider_refused` (outbound guard), `provider_unreachable`, `provider_auth`, `provider_forbidden`, `provider_unexpected`, `provider_bad_link`, `provider_too_large`, `provider_aborted`",
  503: "`provider_rate_limited`, `provider_unavailable`",
  504: "`provider_timeout`",
};
const SECRET = "`secret_unreadable`: no configured key opens the stored secret";
const CONNECTION = "`not_found`: no such connection of the signed-in user (another user's id included)";
const DUPLICATE =
  "`duplicate_connection`: the user has a connection to the same account (service, origin of `baseUrl`, user name or client id, `customerNumber`); `connectionId` names it";
const ADDRESS =
  "`validation` also for an address the outbound guard refuses (`fields` names `baseUrl`, `authUrl` or `onSiteRolesUrl`)";
const DOCUMENT_PARAMS = { kd: "DTA customer number sent as the `kd` header; default: the connection's" };

export const CONNECTION_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/connections",
    tag: "connections",
    summary: "The signed-in user's connections",
    access: CONNECTION_ROLES,
    answers: [{ status: 200, description: "by name", content: json(z.array(A.ConnectionAnswer)) }],
  },
  {
    method: "POST",
    path: "/api/connections",
    tag: "connections",
    summary: "Create a connection",
    access: CONNECTION_ROLES,
    body: CreateConnectionBody,
    description:
      "`client_credentials` needs `authUrl` and is not allowed for `dta`. The addresses are checked by the outbound guard before saving. The secret is sealed and never answered.",
    answers: [{ status: 201, description: "the connection", content: json(A.ConnectionAnswer) }],
    errors: { 400: ADDRESS, 409: DUPLICATE },
  },
  {
    method: "PATCH",
    path: "/api/connections/{id}",
    tag: "connections",
    summary: "Change a connection",
    access: CONNECTION_ROLES,
    body: UpdateConnectionBody,
    description:
      "A blank or missing secret keeps the stored one; changing `auth.type` needs the new principal and secret. A new origin of `baseUrl` or `authUrl`, an `onSiteRolesUrl` on an origin other than its old one and `baseUrl`'s, or another username or client id, needs the secret again (else 400 naming `auth.password` or `auth.clientSecret`). `service` cannot change. A changed address is checked by the outbound guard. Cached tokens are dropped.",
    answers: [{ status: 200, description: "the connection", content: json(A.ConnectionAnswer) }],
    errors: { 400: ADDRESS, 404: CONNECTION, 409: DUPLICATE },
  },
  {
    method: "DELETE",
    path: "/api/connections/{id}",
    tag: "connections",
    summary: "Delete a connection (its secret at once; the delivery record stays)",
    access: CONNECTION_ROLES,
    answers: [{ status: 204, description: "deleted" }],
    errors: { 404: CONNECTION },
  },
  {
    method: "POST",
    path: "/api/connections/{id}/test",
    tag: "connections",
    summary: "Try the connection (token and count)",
    access: CONNECTION_ROLES,
    description: "A provider failure is an answer, not an error: `ok: false` with a status and a message.",
    answers: [{ status: 200, description: "the outcome", content: json(A.TestAnswer) }],
    errors: { 404: CONNECTION },
  },
  {
    method: "GET",
    path: "/api/connections/{id}/documents",
    tag: "documents",
    summary: "One page of the provider's open documents",
    access: CONNECTION_ROLES,
    query: ListDocumentsQuery,
    params: DOCUMENT_PARAMS,
    description:
      "Live from the provider (count and page in parallel, short pages filled, long pages cut); the local index is updated after the answer.",
    answers: [{ status: 200, description: "the page", content: json(A.DocumentPageAnswer) }],
    errors: { 404: CONNECTION, 409: SECRET, ...PROVIDER },
  },
  {
    method: "GET",
    path: "/api/connections/{id}/documents/count",
    tag: "documents",
    summary: "How many documents are open at the provider",
    access: CONNECTION_ROLES,
    query: KdQuery,
    params: DOCUMENT_PARAMS,
    answers: [{ status: 200, description: "the count", content: json(A.CountAnswer) }],
    errors: { 404: CONNECTION, 409: SECRET, ...PROVIDER },
  },
  {
    method: "GET",
    path: "/api/connections/{id}/documents/{documentid}",
    tag: "documents",
    summary: "One document of the inbox with what the provider says about its file",
    access: CONNECTION_ROLES,
    query: KdQuery,
    params: DOCUMENT_PARAMS,
    description:
      "From the local index. For a DTA document whose list entry left every file fact out, the provider's `GET /v1/documents/out/{id}` is asked once (its answer, or that it had none, is stored); a provider that cannot answer now is asked again next time. `facts.hash` says whether the archived bytes match the provider's hash.",
    answers: [{ status: 200, description: "the document", content: json(DocumentFactsAnswer) }],
    errors: { 404: `${CONNECTION}; \`not_found\`: the document is not in the connection's index`, 409: SECRET },
  },
  {
    method: "GET",
    path: "/api/connections/{id}/documents/{documentid}/data",
    tag: "documents",
    summary: "The document's file, streamed and archived",
    access: CONNECTION_ROLES,
    query: KdQuery,
    params: DOCUMENT_PARAMS,
    description:
      "Streams the provider's bytes (never buffered whole) to the caller and into the archive; `Content-Disposition` is `inline` for PDF, else `attachment`.",
    answers: [{ status: 200, description: "the file", content: file }],
    errors: {
      400: "`invalid_document_id`: cannot be sent as one path segment",
      404: `${CONNECTION}; \`document_not_found\` (provider 403/404)`,
      409: SECRET,
      410: "`document_gone`",
      ...PROVIDER,
    },
  },
  {
    method: "PUT",
    path: "/api/connections/{id}/documents/{documentid}/status",
    tag: "documents",
    summary: "Confirm receipt of one document",
    access: CONNECTION_ROLES,
    query: KdQuery,
    params: DOCUMENT_PARAMS,
    description:
      "Archives the bytes first, commits a `pending` intent row, then sends exactly one PUT. Already confirmed: 200 without a PUT. Every error answer carries `state` (`failed`, `pending` or `unknown`) and may carry `providerStatus`.",
    answers: [{ status: 200, description: "confirmed", content: json(A.ConfirmedAnswer) }],
    errors: {
      400: "`invalid_document_id` (state `failed`)",
      404: `${CONNECTION}; \`document_not_found\` (state \`failed\`)`,
      409: `\`confirm_pending\`, \`confirm_unknown\` (nothing sent); \`hash_mismatch\`: the bytes do not match the provider's \`hashvalue\` (state \`failed\`, nothing sent); ${SECRET}`,
      410: "`document_gone` while fetching for the archive (state `failed`)",
      500: "`archive_failed` (state `failed`, nothing sent)",
      502: "`confirm_unknown` (5xx or no answer after sending), `confirm_failed`, or a `provider_*` code (state `failed`; `provider_too_large`: the file is over MAX_DOCUMENT_MB)",
      507: "`archive_disk_full`: the archive's disk has less than ARCHIVE_MIN_FREE_MB free (state `failed`, nothing archived or sent)",
      504: "`confirm_unknown` (the PUT timed out), `provider_timeout` (fetching for the archive timed out, state `failed`)",
    },
  },
  {
    method: "POST",
    path: "/api/connections/{id}/confirmations",
    tag: "documents",
    summary: "Confirm many documents, streaming each outcome",
    access: CONNECTION_ROLES,
    body: ConfirmationsBody,
    description:
      "Duplicate ids are confirmed once; up to 8 at a time, each as the single route does. The run goes on if the caller goes away; `GET /api/runs/{id}` shows its progress by the id in the `Run-Id` header (also sent as `Confirmation-Run`), and `DELETE /api/runs/{id}` cancels it. The body may be up to 640 KiB.",
    answers: [
      {
        status: 200,
        description: "a line per document as it finishes, then the totals (or an error line)",
        content: ndjson(A.ConfirmationLine, A.ConfirmationsDone, A.ErrorLine),
      },
    ],
    errors: { 404: CONNECTION, 409: SECRET, 429: "`too_many_runs`: the caller has 5 bulk confirmations running" },
  },
  {
    method: "POST",
    path: "/api/connections/{id}/sync",
    tag: "documents",
    summary: "Walk the provider's whole list into the index and reconcile",
    access: CONNECTION_ROLES,
    description:
      "Marks unlisted documents `gone` when the list held still, and decides `unknown` confirmations when the walk was complete. A provider failure after the start is the last line.",
    answers: [
      {
        status: 200,
        description: "progress lines, then the done line (or an error line)",
        content: ndjson(A.SyncProgressLine, A.SyncDoneLine, A.ErrorLine),
      },
    ],
    errors: { 404: CONNECTION, 409: "`sync_running`: a sync of this connection runs (on any instance)" },
  },
  {
    method: "GET",
    path: "/api/inbox",
    tag: "documents",
    summary: "The user's indexed documents grouped by usage unit",
    access: CONNECTION_ROLES,
    query: InboxQuery,
    description:
      "From the local index only (no provider call), over all the user's connections; paged by usage units. Documents without a unit form the group `unit: null`, last.",
    params: {
      q: "document id (exact), unit number (prefix), property-management number, unit label or file name (substring), or the property, address, label or resident of the unit in the user's register (substring)",
      month: "`YYYY-MM`: documents whose period overlaps that month",
      limit: "usage units per page",
    },
    answers: [{ status: 200, description: "one page of groups", content: json(A.InboxAnswer) }],
  },
];
