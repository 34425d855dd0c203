import { z } from "zod";
import { DateTime, Int, json, Uuid, type ApiOperation, type Fits, type Same } from "@/lib/api/operation";
import type { ConnectionView } from "@/lib/connections/connections";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody, UpdateConnectionBody } from "@/lib/connections/schemas";
import type { TestResult } from "@/lib/connections/test-connection";

/**
 * The OpenAPI entries of a user's own connections (lib/openapi/openapi.ts joins them), their answers, and the errors
 * every route on a connection shares (its documents' entries are lib/delivery/openapi.ts).
 */

export const PROVIDER = {
  502: "`provider_refused` (outbound guard), `provider_unreachable`, `provider_auth`, `provider_forbidden`, `provider_unexpected`, `provider_bad_link`, `provider_too_large`, `provider_aborted`",
  503: "`provider_rate_limited`, `provider_unavailable`",
  504: "`provider_timeout`",
};
export const SECRET = "`secret_unreadable`: no configured key opens the stored secret";
export const CONNECTION = "`not_found`: no such connection of the signed-in user (another user's id included)";
const DUPLICATE =
  "`duplicate_connection`: the user has a connection to the same account (service, origin of `baseUrl`, user name or client id, `customerNumber`); `connectionId` names it";
const ADDRESS =
  "`validation` also for an address the outbound guard refuses (`fields` names `baseUrl`, `authUrl` or `onSiteRolesUrl`)";
export const DOCUMENT_PARAMS = { kd: "DTA customer number sent as the `kd` header; default: the connection's" };

export const ConnectionAnswer = z.object({
  id: Uuid,
  name: z.string(),
  service: z.enum(["uvi", "dta"]),
  baseUrl: z.string(),
  authUrl: z.string().nullable(),
  authType: z.enum(["basic", "client_credentials"]),
  principal: z.string().meta({ description: "the user name (Basic) or client id (OAuth); never the secret" }),
  customerNumber: z.string().nullable(),
  onSiteRolesUrl: z.string().nullable().meta({
    description:
      "the provider's on-site-roles v2 base (`{v2_base}`); with it the connection reports its units' tenancies",
  }),
  createdAt: DateTime,
  open: Int.meta({ description: "open documents in the local index now (the inbox's count)" }),
  lastSync: z
    .object({
      at: DateTime,
      ok: z.boolean(),
      open: Int.nullable().meta({ description: "open documents at that sync" }),
      message: z.string().optional(),
    })
    .nullable(),
  stale: z.boolean().meta({ description: "no good sync for two background intervals" }),
});

export const TestAnswer = z.object({
  ok: z.boolean(),
  status: z.enum([
    "ok",
    "auth_failed",
    "unreachable",
    "timeout",
    "refused",
    "forbidden",
    "unavailable",
    "wrong_address",
    "secret_unreadable",
  ]),
  message: z.string(),
  count: Int.optional(),
});

export const CONNECTION_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/connections",
    tag: "connections",
    summary: "The signed-in user's connections",
    access: CONNECTION_ROLES,
    answers: [{ status: 200, description: "by name", content: json(z.array(ConnectionAnswer)) }],
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
    answers: [{ status: 201, description: "the connection", content: json(ConnectionAnswer) }],
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
    answers: [{ status: 200, description: "the connection", content: json(ConnectionAnswer) }],
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
    answers: [{ status: 200, description: "the outcome", content: json(TestAnswer) }],
    errors: { 404: CONNECTION },
  },
];

const checks: true[] = [
  true as Same<ConnectionView, z.output<typeof ConnectionAnswer>>,
  true as Fits<z.output<typeof TestAnswer>, TestResult>,
];
void checks;
