import { z } from "zod";
import {
  DateTime,
  ErrorLine,
  file,
  Int,
  json,
  ndjson,
  Uuid,
  type ApiOperation,
  type Fits,
  type Same,
} from "@/lib/api/operation";
import { CONNECTION, DOCUMENT_PARAMS, PROVIDER, SECRET } from "@/lib/connections/openapi";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CONFIRMATION_STATES } from "@/lib/db/schema/delivery";
import { ERROR_CODES } from "@/lib/errors";
import type { DocumentPage } from "@/lib/provider/paging";
import type { resultLine } from "./confirm/answers";
import type { confirmMany } from "./confirm/many";
import type { ConfirmRunView } from "./confirm/run-kind";
import { ConfirmationsBody, KdQuery, ListDocumentsQuery } from "./schemas";
import { DocumentFactsAnswer } from "./support/openapi-answers";
import type { SyncDone, SyncProgress } from "./sync";

/**
 * The OpenAPI entries of a connection's documents at the provider: list, count, one document, its bytes, its
 * confirmation, many confirmations, the sync (lib/openapi/openapi.ts joins them); and their answers.
 */

const Metadata = z.looseObject({
  reftype: z.string().nullish(),
  mscnumber: z.string().nullish(),
  pmnumber: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});

/** A provider's document: every field it sent (DTA fields too), normalised to the UVI names. */
export const DocumentAnswer = z.looseObject({
  documentid: z.string(),
  filename: z.string(),
  doctype: z.string(),
  mimetype: z.string(),
  propertymanagement: z.string(),
  metadata: z.array(Metadata),
});

export const DocumentPageAnswer = z.object({ count: Int, offset: Int, limit: Int, documents: z.array(DocumentAnswer) });
export const CountAnswer = z.object({ count: Int });
/** Confirmed before this run came to it (another run, tab or instance): by whom (a name) and when. */
const Earlier = { confirmedBy: z.string().nullable().optional(), confirmedAt: z.string().optional() };

export const ConfirmedAnswer = z.object({ documentid: z.string(), state: z.literal("confirmed"), ...Earlier });

export const ConfirmationLine = z.object({
  documentid: z.string(),
  state: z.enum(CONFIRMATION_STATES),
  error: z.enum(ERROR_CODES).optional(),
  message: z.string().optional(),
  ...Earlier,
});
export const ConfirmationsDone = z.object({
  done: z.literal(true),
  confirmed: Int,
  failed: Int,
  unknown: Int,
  pending: Int,
  cancelled: Int.meta({ description: "documents left open because the run was cancelled before it claimed them" }),
});
export const ConfirmationRunAnswer = z.object({
  id: Uuid,
  connectionId: Uuid,
  total: Int,
  confirmed: Int,
  failed: Int,
  unknown: Int,
  pending: Int,
  cancelled: Int,
  startedAt: DateTime,
  finishedAt: DateTime.nullable(),
  cancelRequested: z.boolean(),
  ended: z
    .enum(["done", "cancelled", "instance_ended"])
    .nullable()
    .meta({ description: "`instance_ended`: the instance running it stopped (crash or shutdown); null while it runs" }),
  scope: z
    .string()
    .nullable()
    .meta({ description: "the page that started it (`inbox`, `month:YYYY-MM`); null for another caller" }),
  startedBy: z
    .object({ id: z.string().meta({ format: "uuid" }), name: z.string() })
    .meta({ description: "the member who started it: a run is the team's (any member lists, reads and cancels it)" }),
});
export const ConfirmationRunsAnswer = z.object({ runs: z.array(ConfirmationRunAnswer) });
export const SyncProgressLine = z.object({ seen: Int, count: Int });
export const SyncDoneLine = z.object({
  done: z.literal(true),
  open: Int,
  gone: Int,
  added: Int,
  countMismatch: z.object({ count: Int, seen: Int }).optional(),
  reconciled: z.object({ confirmed: Int, reopened: Int }).optional(),
});
export const DOCUMENT_OPERATIONS: ApiOperation[] = [
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
    answers: [{ status: 200, description: "the page", content: json(DocumentPageAnswer) }],
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
    answers: [{ status: 200, description: "the count", content: json(CountAnswer) }],
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
    answers: [{ status: 200, description: "confirmed", content: json(ConfirmedAnswer) }],
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
        content: ndjson(ConfirmationLine, ConfirmationsDone, ErrorLine),
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
        content: ndjson(SyncProgressLine, SyncDoneLine, ErrorLine),
      },
    ],
    errors: { 404: CONNECTION, 409: "`sync_running`: a sync of this connection runs (on any instance)" },
  },
];

const checks: true[] = [
  true as Fits<DocumentPage, z.output<typeof DocumentPageAnswer>>,
  true as Fits<ReturnType<typeof resultLine>, z.output<typeof ConfirmationLine>>,
  true as Same<Awaited<ReturnType<typeof confirmMany>> & { done: true }, z.output<typeof ConfirmationsDone>>,
  true as Same<ConfirmRunView, z.output<typeof ConfirmationRunAnswer>>,
  true as Same<SyncProgress, z.output<typeof SyncProgressLine>>,
  true as Same<SyncDone, z.output<typeof SyncDoneLine>>,
];
void checks;
