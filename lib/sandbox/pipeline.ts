import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { authKind, parseAuthorization, type Credentials } from "./secrets";
import { takeFault } from "./faults";
import { waitForHold } from "./holds";
import { logRequest } from "./requests-log";
import { readMeta, type Meta } from "./meta";
import { ensureState } from "./state";
import { demoState } from "./demo/state";
import { reason } from "./http";
import { OSR_API_VERSION, osrError } from "./osr/answers";

export type Face = "uvi" | "dta" | "auth" | "osr";

export type Ctx = {
  req: Request;
  db: Db;
  meta: Meta;
  url: URL;
  /** The origin the caller used (Host header), for absolute links and the token issuer. */
  origin: string;
  method: string;
  /** Path segments below the service's base, URL-decoded. */
  segments: string[];
  creds: Credentials;
  kd: string | null;
};

const NULL_BODY = new Set([204, 205, 304]);

/** The error body each face uses (docs/sandbox.md, "Its own choices"); none for statuses that cannot carry one. */
export function errorResponse(
  face: Face,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  if (NULL_BODY.has(status)) return new Response(null, { status, headers });
  if (face === "dta") {
    return Response.json({ statustype: "ERROR", code: String(status), message }, { status, headers });
  }
  if (face === "osr") return osrError(status, message, undefined, headers);
  if (face === "auth") {
    const error = status === 401 ? "invalid_client" : status >= 500 ? "server_error" : "invalid_request";
    return Response.json(
      { error, error_description: message },
      { status, headers: { "Cache-Control": "no-store", ...headers } },
    );
  }
  return Response.json({ status, error: reason(status), message }, { status, headers });
}

export const notFoundResponse = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

async function loadMeta(db: Db): Promise<Meta> {
  const meta = await readMeta(db);
  if (meta) return meta;
  await ensureState(db, demoState);
  return (await readMeta(db))!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin as the caller addressed it (Next may report "localhost" for a 127.0.0.1 request). */
function publicOrigin(req: Request, url: URL): string {
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = (req.headers.get("x-forwarded-host") ?? req.headers.get("host"))?.split(",")[0]?.trim();
  const scheme = proto === "https" || proto === "http" ? proto : url.protocol.replace(":", "");
  return host && HOST.test(host) ? `${scheme}://${host}` : url.origin;
}

/** The URL-decoded segments below `base`, or undefined when the path is not below it. */
function segmentsBelow(pathname: string, base: string): string[] | undefined {
  if (!pathname.startsWith(`${base}/`)) return undefined;
  try {
    return pathname
      .slice(base.length + 1)
      .split("/")
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

/**
 * Every provider request: 404 when the sandbox is off; fault rules; the face's own handler;
 * one line in the requests log. Errors become the face's 500 body, never an internal message.
 */
export async function serveProvider(
  req: Request,
  face: Face,
  base: string,
  handle: (ctx: Ctx) => Promise<Response>,
): Promise<Response> {
  if (!env().sandbox) return notFoundResponse();
  const db = await getDb().catch(() => undefined);
  if (!db)
    return stamped(face, errorResponse(face, 503, "the sandbox's database is not ready", { "Retry-After": "5" }));
  const url = new URL(req.url);
  const creds = parseAuthorization(req.headers.get("authorization"));
  const kd = req.headers.get("kd");
  let response: Response;
  try {
    const segments = segmentsBelow(url.pathname, base);
    const fault = await takeFault(db, req.method, url.pathname);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.hold) await waitForHold(fault.hold);
    if (fault?.status !== undefined) {
      response =
        fault.body !== undefined && !NULL_BODY.has(fault.status)
          ? new Response(fault.body, { status: fault.status, headers: { "Content-Type": "application/json" } })
          : errorResponse(face, fault.status, "fault injected by the sandbox");
    } else if (!segments) {
      response = errorResponse(face, 404, "no such resource");
    } else {
      const meta = await loadMeta(db);
      response = await handle({
        req,
        db,
        meta,
        url,
        origin: publicOrigin(req, url),
        method: req.method,
        segments,
        creds,
        kd,
      });
      if (fault?.applyThenFail !== undefined) {
        response = errorResponse(face, fault.applyThenFail, "fault injected by the sandbox after the operation");
      }
    }
    if (fault?.retryAfterSeconds !== undefined) {
      response = withHeader(response, "Retry-After", String(fault.retryAfterSeconds));
    }
  } catch (err) {
    // A failed query's message ends in its parameter values ("params: ..."): never logged.
    console.error(
      `sandbox: ${req.method} ${url.pathname} failed: ${err instanceof Error ? `${err.name}: ${err.message.split("\nparams:")[0]}` : "error"}`,
    );
    response = errorResponse(face, 500, "internal error of the sandbox");
  }
  await logRequest(db, {
    method: req.method,
    path: loggedPath(url),
    status: response.status,
    auth: authKind(creds),
    kd,
  }).catch(() => undefined);
  return stamped(face, response);
}

/** On-site-roles v2 names its version on every answer, a fault's too. */
const stamped = (face: Face, res: Response) =>
  face === "osr" ? withHeader(res, "X-API-VERSION", OSR_API_VERSION) : res;

/** The path and only the paging parameters: a query could carry anything (e.g. access_token). */
function loggedPath(url: URL): string {
  const kept = new URLSearchParams();
  for (const [k, v] of url.searchParams) if (k === "offset" || k === "limit") kept.append(k, v);
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

export function withHeader(res: Response, name: string, value: string): Response {
  const headers = new Headers(res.headers);
  headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
