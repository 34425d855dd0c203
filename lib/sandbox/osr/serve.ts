import "server-only";
import { authenticate, type ClientRow } from "../auth";
import { accepts } from "../http";
import type { Ctx } from "../pipeline";
import { hitRateLimit } from "../rate";
import { readUpTo } from "../receive";
import { osrError, osrMessages } from "./answers";
import { DataSet, MAX_BODY_BYTES, schemaMessages, UNIT_NUMBER } from "./schema";
import { acceptReport, isKnownUnit, lastReport, type UnitKey } from "./store";
import { validateDataSet } from "./validate";

const CHALLENGE = 'Basic realm="onsiteroles", Bearer realm="arge-api"';
const ALLOW = "GET, POST";

/** `billingunits/{billingunit}/residentialunits/{unit}/on-site-roles` below the base; nothing else. */
function route(s: string[]): { billingunit: string; unit: string } | undefined {
  if (s.length !== 5 || s[0] !== "billingunits" || s[2] !== "residentialunits" || s[4] !== "on-site-roles") {
    return undefined;
  }
  return { billingunit: s[1]!, unit: s[3]! };
}

/** Basic or a token of the sandbox's identity provider; anything else 401 with the challenge. */
async function authenticated(ctx: Ctx): Promise<ClientRow | Response> {
  const client = await authenticate(ctx.db, ctx.meta, ctx.creds, true);
  if (client) return client;
  const bearer = ctx.creds.kind === "bearer" ? ', error="invalid_token"' : "";
  return osrError(401, "valid authentication required", "UNAUTHORIZED", { "WWW-Authenticate": CHALLENGE + bearer });
}

/** The client's access to the service; `kd` (optional) names one of its customers; then the rate limit. */
async function admitted(ctx: Ctx, client: ClientRow): Promise<string | Response> {
  if (!client.services.includes("osr")) return osrError(403, "this client has no access to the on-site-roles service");
  const kd = ctx.kd?.trim() || undefined;
  if (kd !== undefined && !client.customers.includes(kd)) {
    return osrError(403, "the kd header names a customer of another client");
  }
  const wait = await hitRateLimit(ctx.db, client.id, ctx.meta.settings);
  if (wait !== null) return osrError(429, "too many requests", undefined, { "Retry-After": String(wait) });
  return kd ?? client.customers[0]!;
}

/** On-site-roles v2 (docs/sandbox.md, "On-site-roles v2"): a unit's whole state in, its last accepted state out. */
export async function serveOsr(ctx: Ctx): Promise<Response> {
  // Credentials before anything else: without them, nothing about the resource is told.
  const client = await authenticated(ctx);
  if (client instanceof Response) return client;
  const path = route(ctx.segments);
  if (!path) return osrError(404, "no such resource");
  if (ctx.method !== "GET" && ctx.method !== "POST") return osrError(405, `use ${ALLOW}`, undefined, { Allow: ALLOW });
  if (!accepts(ctx.req.headers.get("accept"), "application/json")) {
    return osrError(406, "only application/json is available");
  }
  const customer = await admitted(ctx, client);
  if (customer instanceof Response) return customer;
  const key = { customer, ...path };
  const known = UNIT_NUMBER.test(key.billingunit) && UNIT_NUMBER.test(key.unit) && (await isKnownUnit(ctx.db, key));
  if (!known) {
    return osrError(404, `unit ${key.unit} of billing unit ${key.billingunit} is not known`, "UNKNOWN_UNIT");
  }
  return ctx.method === "GET" ? readBack(ctx, key) : receive(ctx, client, key);
}

/** The data last accepted for the unit, as the service keeps it (fields it does not know left out). */
async function readBack(ctx: Ctx, key: UnitKey): Promise<Response> {
  const sent = await lastReport(ctx.db, key);
  if (sent === undefined) return osrError(404, "no data accepted for this unit yet", "NO_DATA");
  return Response.json(DataSet.parse(JSON.parse(sent)));
}

/** JSON in UTF-8 (a charset parameter, if any, must say so); anything else 415. */
function isJson(contentType: string | null): boolean {
  const [type, ...params] = (contentType ?? "").toLowerCase().split(";");
  if (type?.trim() !== "application/json") return false;
  return params.every((p) => !p.trim().startsWith("charset=") || /^charset="?utf-8"?$/.test(p.trim()));
}

async function receive(ctx: Ctx, client: ClientRow, key: UnitKey): Promise<Response> {
  if (!isJson(ctx.req.headers.get("content-type"))) {
    return osrError(415, "send the data set as application/json (UTF-8)", "UNSUPPORTED_MEDIA_TYPE");
  }
  const bytes = await readUpTo(ctx.req, MAX_BODY_BYTES);
  if (!bytes) return osrError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`, "PAYLOAD_TOO_LARGE");
  let sent: string;
  let raw: unknown;
  try {
    sent = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    raw = JSON.parse(sent);
  } catch {
    return osrError(400, "the body is not JSON in UTF-8", "INVALID_JSON");
  }
  const parsed = DataSet.safeParse(raw);
  if (!parsed.success) return osrMessages(400, schemaMessages(parsed.error));
  const messages = validateDataSet(parsed.data, key.billingunit, key.unit);
  if (messages.some((m) => m.type === "error")) return osrMessages(400, messages);
  const transactionid = await acceptReport(ctx.db, key, client.id, sent);
  return Response.json({ transactionid, ...(messages.length ? { messages } : {}) });
}
