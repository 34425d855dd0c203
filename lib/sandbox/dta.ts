import "server-only";
import { authenticate, type ClientRow } from "./auth";
import { contentDisposition, negotiateDta, parsePaging } from "./http";
import { confirmDocument, countOpen, findDocument, listOpen } from "./documents";
import { contentType, documentBytes } from "./content";
import { dtaDocument, dtaList, toXml } from "./dta-format";
import { errorResponse, type Ctx } from "./pipeline";
import { hitRateLimit } from "./rate";
import { DOCUMENT_ID } from "./schema";
import { receiveDocument } from "./receive";

const fail = (status: number, message: string, headers?: Record<string, string>) =>
  errorResponse("dta", status, message, headers);

type Endpoint = "list" | "count" | "single" | "data" | "status" | "in";
const ALLOW: Record<Endpoint, string> = {
  list: "GET",
  count: "GET",
  single: "GET",
  data: "GET",
  status: "PUT",
  in: "POST",
};

function route(s: string[]): { endpoint: Endpoint; id?: string } | undefined {
  if (s[0] !== "v1" || s[1] !== "documents") return undefined;
  if (s[2] === "in" && s.length === 3) return { endpoint: "in" };
  if (s[2] !== "out") return undefined;
  if (s.length === 3) return { endpoint: "list" };
  if (s.length === 4) return s[3] === "count" ? { endpoint: "count" } : { endpoint: "single", id: s[3] };
  if (s.length === 5 && s[4] === "data") return { endpoint: "data", id: s[3] };
  if (s.length === 5 && s[4] === "status") return { endpoint: "status", id: s[3] };
  return undefined;
}

/** Basic only: a caller without valid credentials gets 401 and the challenge. */
async function authenticated(ctx: Ctx): Promise<ClientRow | Response> {
  const client = await authenticate(ctx.db, ctx.meta, ctx.creds, false);
  return (
    client ?? fail(401, "Basic authentication required", { "WWW-Authenticate": 'Basic realm="dta", charset="UTF-8"' })
  );
}

/** The client's access to this service; `kd` must name one of the client's customers; then the rate limit. */
async function admitted(ctx: Ctx, client: ClientRow): Promise<{ client: ClientRow; customer: string } | Response> {
  if (!client.services.includes("dta")) return fail(403, "this client has no access to the DTA service");
  const kd = ctx.kd?.trim() || undefined;
  if (kd !== undefined && !client.customers.includes(kd))
    return fail(403, "the kd header names a customer of another client");
  const wait = await hitRateLimit(ctx.db, client.id, ctx.meta.settings);
  if (wait !== null) return fail(429, "too many requests", { "Retry-After": String(wait) });
  return { client, customer: kd ?? client.customers[0]! };
}

function answer(format: "json" | "xml", root: string, body: unknown): Response {
  if (format === "json") return Response.json(body);
  return new Response(toXml(root, body), { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

/** DTA service v1 (its own choices where the service document is silent: docs/sandbox.md, "Its own choices"). */
export async function serveDta(ctx: Ctx): Promise<Response> {
  // Credentials before anything else: without them, nothing about the resource is told.
  const caller = await authenticated(ctx);
  if (caller instanceof Response) return caller;
  const version = ctx.segments[0];
  if (version === "v0.5" || version === "v0.1") return fail(501, `the ${version} endpoints are not implemented`);
  const r = route(ctx.segments);
  if (!r) return fail(404, "no such resource");
  if (ctx.method !== ALLOW[r.endpoint]) return fail(405, `use ${ALLOW[r.endpoint]}`, { Allow: ALLOW[r.endpoint] });
  const negotiated = negotiateDta(ctx.req.headers.get("accept"), ctx.meta.settings.dtaXml);
  const structured = r.endpoint === "list" || r.endpoint === "count" || r.endpoint === "single";
  if (structured && negotiated === 406) return fail(406, "application/xml is not supported; request application/json");
  const format = negotiated === 406 ? "json" : negotiated;
  const who = await admitted(ctx, caller);
  if (who instanceof Response) return who;
  const { client, customer } = who;
  const origin = ctx.origin;

  if (r.endpoint === "in") return receiveDocument(ctx, client.id, customer);
  if (r.endpoint === "count") return answer(format, "count", { count: await countOpen(ctx.db, "dta", customer) });
  if (r.endpoint === "list") {
    const paging = parsePaging(ctx.url.searchParams, ctx.meta.settings.defaultLimit, ctx.meta.settings.maxLimit);
    if ("error" in paging) return fail(400, paging.error);
    const page = await listOpen(ctx.db, "dta", customer, paging.offset, paging.limit);
    return answer(format, "documentlist", dtaList(page.documents, origin, paging.offset, paging.limit, page.hasMore));
  }

  const doc = DOCUMENT_ID.test(r.id!) ? await findDocument(ctx.db, "dta", r.id!) : undefined;
  if (!doc) return fail(404, "no such document");
  if (doc.customer !== customer) return fail(403, "this document belongs to another customer");
  if (doc.confirmed) return fail(410, "the receipt of this document was already confirmed");
  if (doc.withdrawn) return fail(410, "this document is no longer available");
  if (r.endpoint === "single") return answer(format, "document", dtaDocument(doc, origin));
  if (r.endpoint === "status") {
    await confirmDocument(ctx.db, "dta", doc.documentid);
    return new Response(null, { status: 200 });
  }
  const bytes = await documentBytes(ctx.db, "dta", doc);
  if (!bytes) return fail(404, "no such document");
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": contentType(doc.mimetype),
      "Content-Length": String(bytes.length),
      "Content-Disposition": contentDisposition(doc.filename),
    },
  });
}
