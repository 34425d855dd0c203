import "server-only";
import { authenticate, type ClientRow } from "./auth";
import { accepts, contentDisposition, parsePaging } from "./http";
import { confirmDocument, countOpen, findDocument, listOpen, type DocumentSummary } from "./documents";
import { contentType, documentBytes } from "./content";
import { errorResponse, type Ctx } from "./pipeline";
import { hitRateLimit } from "./rate";
import { DOCUMENT_ID } from "./schema";

export const UVI_BASE = "/arge/documents/v1";
const CHALLENGE = 'Basic realm="arge-documents", Bearer realm="arge-api"';
const fail = (status: number, message: string, headers?: Record<string, string>) =>
  errorResponse("uvi", status, message, headers);

type Endpoint = "list" | "count" | "data" | "status" | "unimplemented";

function route(segments: string[]): { endpoint: Endpoint; id?: string; allow?: string } | undefined {
  const [root, box, third, fourth, ...rest] = segments;
  if (root !== "documents" || rest.length) return undefined;
  if (box === "in" && third === undefined) return { endpoint: "unimplemented" };
  if (box !== "out") return undefined;
  if (third === undefined) return { endpoint: "list", allow: "GET" };
  if (third === "count" && fourth === undefined) return { endpoint: "count", allow: "GET" };
  if (fourth === undefined) return { endpoint: "unimplemented", id: third };
  if (fourth === "data") return { endpoint: "data", id: third, allow: "GET" };
  if (fourth === "status") return { endpoint: "status", id: third, allow: "PUT" };
  return undefined;
}

/** Authenticates by Basic or Bearer: a caller without valid credentials gets 401 and the challenge. */
async function authenticated(ctx: Ctx): Promise<ClientRow | Response> {
  const client = await authenticate(ctx.db, ctx.meta, ctx.creds, true);
  if (client) return client;
  const bearer = ctx.creds.kind === "bearer" ? ', error="invalid_token"' : "";
  return fail(401, "valid authentication required", { "WWW-Authenticate": CHALLENGE + bearer });
}

/** The client's access to this service, then the rate limit; a Response means "answer this". */
async function admitted(ctx: Ctx, client: ClientRow): Promise<ClientRow | Response> {
  if (!client.services.includes("uvi")) return fail(403, "this client has no access to the UVI service");
  const wait = await hitRateLimit(ctx.db, client.id, ctx.meta.settings);
  if (wait !== null) return fail(429, "too many requests", { "Retry-After": String(wait) });
  return client;
}

/** UVI PDF service v1 (its own choices where the service document is silent: docs/sandbox.md, "Its own choices"). */
export async function serveUvi(ctx: Ctx): Promise<Response> {
  // Credentials before anything else: without them, nothing about the resource is told.
  const who = await authenticated(ctx);
  if (who instanceof Response) return who;
  const r = route(ctx.segments);
  if (!r) return fail(404, "no such resource");
  if (r.endpoint === "unimplemented") return fail(501, "not implemented");
  if (r.allow && ctx.method !== r.allow) return fail(405, `use ${r.allow}`, { Allow: r.allow });
  const accept = ctx.req.headers.get("accept");
  if ((r.endpoint === "list" || r.endpoint === "count") && !accepts(accept, "application/json")) {
    return fail(406, "only application/json is available");
  }
  if (r.endpoint === "data" && !accepts(accept, "application/pdf"))
    return fail(406, "only application/pdf is available");
  const client = await admitted(ctx, who);
  if (client instanceof Response) return client;
  const customer = client.customers[0]!;

  if (r.endpoint === "count") return Response.json({ count: await countOpen(ctx.db, "uvi", customer) });
  if (r.endpoint === "list") return list(ctx, customer);

  const doc = DOCUMENT_ID.test(r.id!) ? await findDocument(ctx.db, "uvi", r.id!) : undefined;
  if (!doc) return fail(404, "no such document");
  if (doc.customer !== customer) return fail(403, "this document belongs to another client");
  if (doc.withdrawn) return fail(410, "this document is no longer available");
  if (r.endpoint === "status") {
    await confirmDocument(ctx.db, "uvi", doc.documentid);
    return new Response(null, { status: 200 });
  }
  return data(ctx, doc);
}

async function list(ctx: Ctx, customer: string): Promise<Response> {
  const paging = parsePaging(ctx.url.searchParams, ctx.meta.settings.defaultLimit, ctx.meta.settings.maxLimit);
  if ("error" in paging) return fail(400, paging.error);
  const { offset, limit } = paging;
  const page = await listOpen(ctx.db, "uvi", customer, offset, limit);
  const href = (o: number) => `${UVI_BASE}/documents/out?offset=${o}&limit=${limit}`;
  return Response.json({
    // Not in the specification's table; harmless to a liberal client and handy for paging.
    count: page.count,
    _links: { self: { href: href(offset) }, ...(page.hasMore ? { next: { href: href(offset + limit) } } : {}) },
    documents: page.documents.map((d) => ({
      documentid: d.documentid,
      filename: d.filename,
      doctype: d.doctype,
      mimetype: d.mimetype,
      propertymanagement: d.propertymanagement ?? "",
      metadata: d.metadata,
      _links: { self: { href: `${UVI_BASE}/documents/out/${encodeURIComponent(d.documentid)}/data` } },
    })),
  });
}

async function data(ctx: Ctx, doc: DocumentSummary): Promise<Response> {
  const bytes = await documentBytes(ctx.db, "uvi", doc);
  if (!bytes) return fail(404, "no such document");
  return new Response(Buffer.from(bytes), {
    status: 200,
    headers: {
      "Content-Type": contentType(doc.mimetype),
      "Content-Length": String(bytes.length),
      "Content-Disposition": contentDisposition(doc.filename),
    },
  });
}
