import { z } from "zod";
import { DateTime, Int, json, Uuid, type ApiOperation, type Fits, type Same } from "@/lib/api/operation";
import type { ConnectionView } from "@/lib/connections/connections";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody, TransferConnectionBody, UpdateConnectionBody } from "@/lib/connections/schemas";
import type { TestResult } from "@/lib/connections/test-connection";

/**
 * The OpenAPI entries of the connections a user works with (their own and their team's shared ones) (lib/openapi/openapi.ts joins them), their answers, and the errors
 * every route on a connection shares (its documents' entries are lib/delivery/openapi.ts).
 */

export const PROVIDER = {
  502: "`provider_refused` (outbound guard), `provider_unreachable`, `provider_auth`, `provider_forbidden`, `provider_unexpected`, `provider_bad_link`, `provider_too_large`, `provider_aborted`",
  503: "`provider_rate_limited`, `provider_unavailable`",
  504: "`provider_timeout`",
};
export const SECRET = "`secret_unreadable`: no configured key opens the stored secret";
export const CONNECTION =
  "`not_found`: no such connection the signed-in user works through (their own, or one shared with their team; another team's id included)";
const DUPLICATE =
  "`duplicate_connection`: the user's team has a connection to the same account (service, origin of `baseUrl`, user name or client id, `customerNumber`), shared or not; `connectionId` names it";
const NOT_OWNER = "`forbidden`: a member who is not the owner (nor an admin) changes a teammate's shared connection";
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
  owner: z.object({ id: Uuid, name: z.string() }).meta({ description: "who owns it: whose settings they are" }),
  ownerInTeam: z.boolean().meta({
    description:
      "the owner is an active member of its team; when not, it serves every member of the team until an admin transfers or removes it",
  }),
  shared: z.boolean().meta({ description: "the members of its team may sync, read, confirm and hand on through it" }),
  mine: z.boolean().meta({ description: "the caller owns it" }),
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
    summary: "The signed-in user's connections and those their teammates share",
    access: CONNECTION_ROLES,
    description:
      "Each with `owner`, `ownerInTeam`, `shared` and `mine`; a teammate's connection only while it is shared or its owner left the team. Never a secret.",
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
      "A blank or missing secret keeps the stored one; changing `auth.type` needs the new principal and secret. A new origin of `baseUrl` or `authUrl`, an `onSiteRolesUrl` on an origin other than its old one and `baseUrl`'s, or another username or client id, needs the secret again (else 400 naming `auth.password` or `auth.clientSecret`). `service` cannot change. A changed address is checked by the outbound guard. Cached tokens are dropped. `shared` opens it to the members of its team (or closes it). The owner's or an admin's: a teammate gets 403 for any change.",
    answers: [{ status: 200, description: "the connection", content: json(ConnectionAnswer) }],
    errors: { 400: ADDRESS, 403: NOT_OWNER, 404: CONNECTION, 409: DUPLICATE },
  },
  {
    method: "DELETE",
    path: "/api/connections/{id}",
    tag: "connections",
    summary: "Delete a connection (its secret at once; the delivery record stays)",
    access: CONNECTION_ROLES,
    description: "The owner's or an admin's: a teammate gets 403.",
    answers: [{ status: 204, description: "deleted" }],
    errors: { 403: NOT_OWNER, 404: CONNECTION },
  },
  {
    method: "POST",
    path: "/api/connections/{id}/transfer",
    tag: "connections",
    summary: "Give a connection another owner",
    access: ["admin"],
    body: TransferConnectionBody,
    description:
      'The new owner must be an active manager or admin of the team the connection serves (else 400 naming `userId`). The team, `shared` and the sealed secret stay as they are: the secret moves unread. Audited as `connection.update` with `changed: ["owner"]`.',
    answers: [{ status: 200, description: "the connection", content: json(ConnectionAnswer) }],
    errors: { 404: "`not_found`: no such connection (deleted included)" },
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
