import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody, UpdateConnectionBody } from "@/lib/connections/schemas";
import type { Role } from "@/lib/db/schema/users";
import { CompletenessQuery, DeliveryFilters, DeliveryQuery } from "@/lib/delivery/support/schemas";
import { ConfirmationsBody, InboxQuery, KdQuery, ListDocumentsQuery } from "@/lib/delivery/schemas";
import { CreateUserBody, UpdateMeBody, UpdateUserBody } from "@/lib/users/schemas";
import * as A from "./answers";
import { OPS_OPERATIONS } from "./operations-ops";

/**
 * The OpenAPI 3.1 document of the JSON API (docs/api.md), served at GET /api/openapi.json. One
 * entry per route and method; query and body schemas are the ones the routes parse with, so the
 * document cannot drift from validation. tests/integration/openapi.test.ts holds the list of
 * entries equal to the route files on disk.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Content = { type: string; schema?: z.ZodType; description?: string };
type Answer = { status: number; description: string; content?: Content };

export type ApiOperation = {
  method: Method;
  /** OpenAPI path template, e.g. `/api/connections/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** `public`: no session; `signed-in`: any role; else the roles allowed (others get 403). */
  access: "public" | "signed-in" | readonly Role[];
  query?: z.ZodType;
  body?: z.ZodType;
  /** Descriptions of query parameters, by name. */
  params?: Record<string, string>;
  answers: Answer[];
  /** Error statuses beyond those every route shares (401, 403, 400 on bad input, 500), with their codes. */
  errors?: Record<number, string>;
};

const json = (schema: z.ZodType): Content => ({ type: "application/json", schema });
const ndjson = (...lines: z.ZodType[]): Content => ({ type: "application/x-ndjson", schema: z.union(lines), description: "one JSON object per line" });
const file: Content = {
  type: "*/*",
  description: "the file's bytes; content type passed on only if PDF, ZIP, octet-stream, text/plain or XML, else application/octet-stream",
};

const PROVIDER = {
  502: "`provider_refused` (outbound guard), `provider_unreachable`, `provider_auth`, `provider_forbidden`, `provider_unexpected`, `provider_bad_link`, `provider_too_large`, `provider_aborted`",
  503: "`provider_rate_limited`, `provider_unavailable`",
  504: "`provider_timeout`",
};
const SECRET = "`secret_unreadable`: no configured key opens the stored secret";
const CONNECTION = "`not_found`: no such connection of the signed-in user (another user's id included)";
const DOCUMENT_PARAMS = { kd: "DTA customer number sent as the `kd` header; default: the connection's" };

export const OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "meta",
    summary: "This OpenAPI document",
    access: "public",
    answers: [{ status: 200, description: "OpenAPI 3.1", content: { type: "application/json" } }],
  },
  ...OPS_OPERATIONS,
  {
    method: "GET",
    path: "/api/me",
    tag: "users",
    summary: "The signed-in user",
    access: "signed-in",
    answers: [{ status: 200, description: "the user", content: json(A.MeAnswer) }],
  },
  {
    method: "PATCH",
    path: "/api/me",
    tag: "users",
    summary: "Save the signed-in user's language",
    access: "signed-in",
    body: UpdateMeBody,
    answers: [{ status: 200, description: "the user with the new locale", content: json(A.MeAnswer) }],
  },

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
    description: "`client_credentials` needs `authUrl` and is not allowed for `dta`. The secret is sealed and never answered.",
    answers: [{ status: 201, description: "the connection", content: json(A.ConnectionAnswer) }],
  },
  {
    method: "PATCH",
    path: "/api/connections/{id}",
    tag: "connections",
    summary: "Change a connection",
    access: CONNECTION_ROLES,
    body: UpdateConnectionBody,
    description:
      "A blank or missing secret keeps the stored one; changing `auth.type` needs the new principal and secret. A new origin of `baseUrl` or `authUrl`, or another username or client id, needs the secret again (else 400 naming `auth.password` or `auth.clientSecret`). `service` cannot change. Cached tokens are dropped.",
    answers: [{ status: 200, description: "the connection", content: json(A.ConnectionAnswer) }],
    errors: { 404: CONNECTION },
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
    description: "Live from the provider (count and page in parallel, short pages filled, long pages cut); the local index is updated after the answer.",
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
      409: `\`confirm_pending\`, \`confirm_unknown\` (nothing sent); ${SECRET}`,
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
      "Duplicate ids are confirmed once; up to 8 at a time, each as the single route does. The run goes on if the caller goes away. The body may be up to 640 KiB.",
    answers: [
      {
        status: 200,
        description: "a line per document as it finishes, then the totals (or an error line)",
        content: ndjson(A.ConfirmationLine, A.ConfirmationsDone, A.ErrorLine),
      },
    ],
    errors: { 404: CONNECTION, 409: SECRET },
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
      { status: 200, description: "progress lines, then the done line (or an error line)", content: ndjson(A.SyncProgressLine, A.SyncDoneLine, A.ErrorLine) },
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
      q: "document id (exact), unit number (prefix), property-management number, unit label or file name (substring)",
      month: "`YYYY-MM`: documents whose period overlaps that month",
      limit: "usage units per page",
    },
    answers: [{ status: 200, description: "one page of groups", content: json(A.InboxAnswer) }],
  },

  {
    method: "GET",
    path: "/api/users",
    tag: "users",
    summary: "All users",
    access: ["admin"],
    answers: [{ status: 200, description: "by email", content: json(z.array(A.UserAnswer)) }],
  },
  {
    method: "POST",
    path: "/api/users",
    tag: "users",
    summary: "Create a user",
    access: ["admin"],
    body: CreateUserBody,
    answers: [{ status: 201, description: "the user", content: json(A.UserAnswer) }],
    errors: { 409: "`conflict`: the email exists" },
  },
  {
    method: "PATCH",
    path: "/api/users/{id}",
    tag: "users",
    summary: "Change a user",
    access: ["admin"],
    body: UpdateUserBody,
    description: "A new role, a new password or `disabled: true` ends that user's sessions at once.",
    answers: [{ status: 200, description: "the user", content: json(A.UserAnswer) }],
    errors: { 404: "`not_found`", 409: "`conflict`: an admin may not disable or demote themselves" },
  },

  {
    method: "GET",
    path: "/api/delivery/documents",
    tag: "delivery",
    summary: "Delivery records across all connections",
    access: ["support", "admin"],
    query: DeliveryQuery,
    params: {
      q: "document id (exact), file name (substring) or unit / property-management number (exact)",
      from: "first seen on or after this day (`YYYY-MM-DD`, German time)",
      to: "first seen on or before this day",
    },
    answers: [{ status: 200, description: "newest first", content: json(A.DeliveryListAnswer) }],
  },
  {
    method: "GET",
    path: "/api/delivery/documents/{connection}/{documentid}",
    tag: "delivery",
    summary: "One delivery record with its audit events",
    access: ["support", "admin"],
    answers: [{ status: 200, description: "events oldest first", content: json(A.DeliveryDetailAnswer) }],
    errors: { 404: "`not_found`" },
  },
  {
    method: "GET",
    path: "/api/delivery/documents/{connection}/{documentid}/file",
    tag: "delivery",
    summary: "The archived bytes of a record",
    access: ["support", "admin"],
    answers: [{ status: 200, description: "the archived file", content: file }],
    errors: { 404: "`not_found`: no such record, or nothing archived" },
  },
  {
    method: "GET",
    path: "/api/delivery/export.csv",
    tag: "delivery",
    summary: "The filtered records as CSV",
    access: ["support", "admin"],
    query: DeliveryFilters,
    description: "UTF-8 with BOM, `;` separated, CRLF, header row in the caller's language, formula-safe cells; streamed in batches; the export is audited.",
    answers: [{ status: 200, description: "`zustellung-YYYY-MM-DD.csv`", content: { type: "text/csv", schema: z.string() } }],
  },
  {
    method: "GET",
    path: "/api/delivery/connections",
    tag: "delivery",
    summary: "Every user's connections, for the filters",
    access: ["support", "admin"],
    description: "Deleted connections too (`deleted: true`): their delivery record stays. No credentials.",
    answers: [{ status: 200, description: "by name, then owner", content: json(z.array(A.DeliveryConnectionAnswer)) }],
  },
  {
    method: "GET",
    path: "/api/delivery/completeness",
    tag: "delivery",
    summary: "Which unit got its document for which month",
    access: ["support", "admin"],
    query: CompletenessQuery,
    description: "`connection` or `property` (a property management) is required; at most 36 months, `from` ≤ `to`.",
    answers: [{ status: 200, description: "a cell per unit and month", content: json(A.CompletenessAnswer) }],
  },
];

const PATH_PARAMS: Record<string, string> = {
  id: "the id (UUID) of a connection or user; any other string answers 404",
  documentid: "the provider's document id",
  connection: "the connection id (UUID)",
};

/** zod writes ±2^53-1 as the bounds of every integer: noise for a reader. */
function dropSafeIntegerBounds({ jsonSchema: s }: { jsonSchema: { minimum?: unknown; maximum?: unknown } }) {
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
}

/** A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12 without `$schema`). */
export function schemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", override: dropSafeIntegerBounds }) as Record<string, unknown>;
  return rest;
}

function parameters(op: ApiOperation) {
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    required: true,
    description: PATH_PARAMS[m[1]!],
    schema: { type: "string" },
  }));
  if (!op.query) return inPath;
  const q = schemaOf(op.query, "input") as { properties?: Record<string, object>; required?: string[] };
  const inQuery = Object.entries(q.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: q.required?.includes(name) ?? false,
    ...(op.params?.[name] && { description: op.params[name] }),
    schema,
  }));
  return [...inPath, ...inQuery];
}

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

function responses(op: ApiOperation) {
  const out: Record<string, object> = {};
  for (const a of op.answers) {
    const c = a.content;
    out[a.status] = {
      description: a.description,
      ...(c && { content: { [c.type]: { ...(c.schema && { schema: schemaOf(c.schema, "output") }), ...(c.description && { description: c.description }) } } }),
    };
  }
  const errors: Record<number, string[]> = {};
  const add = (status: number, text: string) => (errors[status] ??= []).push(text);
  if (op.query || op.body) add(400, "`validation` with `fields`");
  if (op.body) add(400, "`invalid_json`");
  if (op.body) add(413, "`payload_too_large`: the body is over its limit (64 KiB unless the route says otherwise)");
  if (op.access !== "public") add(401, "`unauthorized`: no valid session");
  if (Array.isArray(op.access)) add(403, `\`forbidden\`: only ${op.access.join(", ")}`);
  if (op.method !== "GET") add(403, "`bad_origin`: an `Origin` header other than this application's");
  for (const [status, text] of Object.entries(op.errors ?? {})) add(Number(status), text);
  if (op.access !== "public") add(500, "`internal` (the message names a request id)");
  for (const [status, texts] of Object.entries(errors)) out[status] = { description: texts.join("; "), content: errorContent };
  return out;
}

function operation(op: ApiOperation) {
  const roles = op.access === "public" || op.access === "signed-in" ? op.access : op.access.join(", ");
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/\{(\w+)\}/g, "By-$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    tags: [op.tag],
    summary: op.summary,
    description: [`Access: ${roles}.`, op.description].filter(Boolean).join(" "),
    "x-roles": op.access,
    ...(op.access === "public" && { security: [] }),
    parameters: parameters(op),
    ...(op.body && { requestBody: { required: true, content: { "application/json": { schema: schemaOf(op.body, "input") } } } }),
    responses: responses(op),
  };
}

export const API_VERSION = "0.1.0";

/** The whole document; pure, so it can be built once per process. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method.toLowerCase()] = operation(op);
  return {
    openapi: "3.1.0",
    info: {
      title: "arge-inbox dashboard API",
      version: API_VERSION,
      description:
        "The dashboard's JSON API. Sign in with the credentials flow (GET /api/auth/csrf, POST /api/auth/callback/credentials); scripts send no Origin header. Errors are `{error, message}`, plus `fields` on a 400. See docs/api.md.",
    },
    tags: ["connections", "documents", "users", "delivery", "meta"].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: schemaOf(A.ErrorAnswer, "output") },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The session cookie set by sign-in (`__Secure-next-auth.session-token` over HTTPS).",
        },
      },
    },
    security: [{ session: [] }],
  };
}
