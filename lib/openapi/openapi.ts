import { z } from "zod";
import { ErrorAnswer, type ApiOperation } from "@/lib/api/operation";
import { CONNECTION_OPERATIONS } from "@/lib/connections/openapi";
import { DOCUMENT_OPERATIONS } from "@/lib/delivery/openapi";
import { DELIVERY_OPERATIONS } from "@/lib/delivery/support/openapi";
import { OPS_OPERATIONS, SANDBOX_MAIL_OPERATIONS } from "@/lib/ops/openapi";
import { OUTBOX_OPERATIONS } from "@/lib/outbox/openapi";
import { ME_OPERATIONS, USER_OPERATIONS } from "@/lib/users/openapi";
import { TEAM_OPERATIONS } from "@/lib/teams/openapi";
import { RESPONSIBILITY_OPERATIONS } from "@/lib/responsibility/openapi";
import { RELEASE_OPERATIONS, withReleaseWaits } from "@/lib/releases/openapi";
import { COMPLETENESS_OPERATIONS } from "@/lib/views/completeness/openapi";
import { HANDOFF_MONTH_OPERATIONS } from "@/lib/views/handoff-month/openapi";
import { INBOX_OPERATIONS } from "@/lib/views/inbox/openapi";
import { MONTH_ROUND_OPERATIONS } from "@/lib/views/month-round/openapi";
import { HANDOFF_PROOF_OPERATIONS } from "@/lib/views/proof/openapi";
import { HANDOFF_OPERATIONS } from "@/lib/handoffs/openapi";
import { PORTAL_OPERATIONS } from "@/lib/handoffs/portal/openapi";
import { CONSENT_OPERATIONS } from "@/lib/handoffs/consent/openapi";
import { REPORT_OPERATIONS } from "@/lib/onsite-roles/openapi";
import { UNIT_OPERATIONS } from "@/lib/register/openapi";
import { MAILBOX_OPERATIONS } from "@/lib/handoffs/bounces/openapi";
import { UNIT_PAGE_OPERATIONS } from "@/lib/views/units-page/openapi";
import { RESIDENT_OPERATIONS, TENANCY_OPERATIONS } from "@/lib/register/tenancies/openapi";
import { RUN_OPERATIONS } from "./runs";

export type { ApiOperation, Method } from "@/lib/api/operation";

/**
 * The OpenAPI 3.1 document of the JSON API (docs/api.md), served at GET /api/openapi.json. One
 * entry per route and method; query and body schemas are the ones the routes parse with, so the
 * document cannot drift from validation. tests/integration/ops/openapi.test.ts holds the list of
 * entries equal to the route files on disk. Each feature keeps its entries in its slice's openapi.ts (docs/architecture.md,
 * "Slices"); the runs' are here (runs.ts names the hand-off's and the confirmations' answers, which stand above
 * lib/runs); an entry's shape is lib/api/operation.ts.
 */

export const OPERATIONS: ApiOperation[] = withReleaseWaits([
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "meta",
    summary: "This OpenAPI document",
    access: "public",
    answers: [{ status: 200, description: "OpenAPI 3.1", content: { type: "application/json" } }],
  },
  ...ME_OPERATIONS,
  ...CONNECTION_OPERATIONS,
  ...DOCUMENT_OPERATIONS,
  ...INBOX_OPERATIONS,
  ...USER_OPERATIONS,
  ...TEAM_OPERATIONS,
  ...RESPONSIBILITY_OPERATIONS,
  ...RELEASE_OPERATIONS,
  ...DELIVERY_OPERATIONS,
  ...COMPLETENESS_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...OUTBOX_OPERATIONS,
  ...UNIT_OPERATIONS,
  ...UNIT_PAGE_OPERATIONS,
  ...TENANCY_OPERATIONS,
  ...HANDOFF_OPERATIONS,
  ...MAILBOX_OPERATIONS,
  ...HANDOFF_MONTH_OPERATIONS,
  ...MONTH_ROUND_OPERATIONS,
  ...HANDOFF_PROOF_OPERATIONS,
  ...PORTAL_OPERATIONS,
  ...CONSENT_OPERATIONS,
  ...RUN_OPERATIONS,
  ...RESIDENT_OPERATIONS,
  ...OPS_OPERATIONS,
  ...SANDBOX_MAIL_OPERATIONS,
]);

const PATH_PARAMS: Record<string, string> = {
  id: "the id (UUID) of a connection, user, run (of any kind) or unit; any other string answers 404",
  documentid: "the provider's document id",
  connection: "the connection id (UUID)",
  itemId: "the id (UUID) of an outbox item of that connection",
  tenancyId: "the id (UUID) of a tenancy of that unit (`GET /api/units`: `tenancies[].id`)",
  token:
    "a resident's consent link's token (43 characters, docs/api.md \"Consent\"): the opt-in link's for `code` and `confirm`, the objection link's for `objection`",
};

/** zod writes ±2^53-1 as the bounds of every integer: noise for a reader. */
function dropSafeIntegerBounds({ jsonSchema: s }: { jsonSchema: { minimum?: unknown; maximum?: unknown } }) {
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
}

/** A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12 without `$schema`). */
export function schemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    override: dropSafeIntegerBounds,
  }) as Record<string, unknown>;
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
      ...(c && {
        content: {
          [c.type]: {
            ...(c.schema && { schema: schemaOf(c.schema, "output") }),
            ...(c.description && { description: c.description }),
          },
        },
      }),
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
  for (const [status, texts] of Object.entries(errors))
    out[status] = { description: texts.join("; "), content: errorContent };
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
    ...(op.access === "public" && { security: op.bearer ? [{ [op.bearer]: [] }] : [] }),
    parameters: parameters(op),
    ...(op.body && {
      requestBody: { required: true, content: { "application/json": { schema: schemaOf(op.body, "input") } } },
    }),
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
    tags: ["connections", "documents", "units", "users", "delivery", "meta"].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: schemaOf(ErrorAnswer, "output") },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The session cookie set by sign-in (`__Secure-next-auth.session-token` over HTTPS).",
        },
        metricsToken: {
          type: "http",
          scheme: "bearer",
          description: "METRICS_TOKEN of the instance (GET /api/metrics only).",
        },
      },
    },
    security: [{ session: [] }],
  };
}
