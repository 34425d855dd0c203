import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { currentUser, type CurrentUser } from "@/lib/auth/session";
import { forgetSessionChecks } from "@/lib/auth/session-checks";
import type { Role } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import { AppError, forbidden, unauthorized } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";
import { currentRequestId, log } from "@/lib/log";
import { DEFAULT_BODY_LIMIT, readBodyLimited } from "./body";
import { CHANGING_METHODS, isAllowedOrigin } from "./origin";
import { fieldErrors } from "./validation";

export type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerContext<Q extends Schema, B extends Schema> = {
  req: NextRequest;
  user: CurrentUser;
  locale: Locale;
  query: Parsed<Q>;
  body: Parsed<B>;
  params: Record<string, string>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** The error answer of DASHBOARD.md (docs/api.md, "Conventions"): `{error, message}`, `fields` on a 400, nothing internal. */
function errorBody(err: unknown, locale: Locale): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  if (err instanceof AppError) {
    const { vars, fields, extra, headers } = err.options;
    const body: Record<string, unknown> = { error: err.code, message: translate(locale, err.messageKey, vars), ...extra };
    if (fields) body.fields = fields.map((f) => ({ path: f.path, message: translate(locale, f.message, f.vars) }));
    return { status: err.status, body, headers };
  }
  const requestId = currentRequestId() ?? randomUUID();
  log().error({ requestId, err }, "unhandled error in route handler");
  return { status: 500, body: { error: "internal", message: translate(locale, "error.internal", { requestId }) } };
}

/** A JSON answer of the API: never stored by a browser or a proxy. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, { status: init.status, headers: { "cache-control": "no-store", ...init.headers } });
}

export function errorResponse(err: unknown, locale: Locale): Response {
  const { status, body, headers } = errorBody(err, locale);
  return jsonResponse(body, { status, headers });
}

/** A handler's own Response keeps its headers; a JSON one without a caching rule gets `no-store`. */
function noStoreJson(res: Response): Response {
  if (!res.headers.has("cache-control") && (res.headers.get("content-type") ?? "").includes("json")) {
    res.headers.set("cache-control", "no-store");
  }
  return res;
}

/** The last line of an NDJSON answer that failed after it began: `{done: true, error, message}`. */
export function errorLine(err: unknown, locale: Locale): Record<string, unknown> {
  return { done: true, ...errorBody(err, locale).body };
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new AppError(400, "validation", "error.validation", { fields: fieldErrors(result.error) });
  return result.data;
}

async function readJson(req: NextRequest, limit: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyLimited(req, limit));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_json", "error.invalidJson");
  }
}

export type RouteOptions<Q extends Schema, B extends Schema> = {
  roles?: Role[];
  query?: Q;
  body?: B;
  /** Largest request body in bytes (default 64 KiB); larger ones are refused with 413 while they stream. */
  maxBodyBytes?: number;
};

/** Who is asking, plus anything loaded in the same round trip (a route's own record, say). */
export type Principal<X> = { user: CurrentUser | null; extra: X };
export type PrincipalLoader<X> = (params: Record<string, string>) => Promise<Principal<X>>;

/**
 * The one wrapper for the dashboard's JSON routes: session -> role -> Origin check -> zod ->
 * handler -> error mapping. A handler returns a Response, or a value sent as 200 JSON. `load`
 * finds the session's user; a route may load its own record with it in one query.
 */
export function withPrincipal<X extends object, Q extends Schema = undefined, B extends Schema = undefined>(
  load: PrincipalLoader<X>,
  options: RouteOptions<Q, B>,
  handler: (ctx: HandlerContext<Q, B> & X) => Promise<unknown>,
) {
  return async (req: NextRequest, route: RouteContext): Promise<Response> => {
    let locale: Locale = "de";
    // A changing request may end sessions or move a connection: no remembered check outlives it.
    const isChanging = CHANGING_METHODS.has(req.method);
    if (isChanging) forgetSessionChecks();
    try {
      const rawParams = (await route.params) ?? {};
      const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      const { user, extra } = await load(params);
      locale = await requestLocale(user?.locale);
      if (!user) throw unauthorized();
      if (options.roles && !options.roles.includes(user.role)) throw forbidden();
      if (CHANGING_METHODS.has(req.method) && !isAllowedOrigin(req.headers, env().publicUrl)) {
        throw new AppError(403, "bad_origin", "error.badOrigin");
      }
      const query = options.query ? parseWith(options.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const body = options.body ? parseWith(options.body, await readJson(req, options.maxBodyBytes ?? DEFAULT_BODY_LIMIT)) : undefined;
      const result = await handler({
        ...extra,
        req,
        user,
        locale,
        query: query as Parsed<Q>,
        body: body as Parsed<B>,
        params,
      });
      return result instanceof Response ? noStoreJson(result) : jsonResponse(result);
    } catch (err) {
      return errorResponse(err, locale);
    } finally {
      if (isChanging) forgetSessionChecks();
    }
  };
}

const sessionOnly: PrincipalLoader<object> = async () => ({ user: await currentUser(), extra: {} });

/** `withPrincipal` for routes that need only the signed-in user. */
export function withUser<Q extends Schema = undefined, B extends Schema = undefined>(
  options: RouteOptions<Q, B>,
  handler: (ctx: HandlerContext<Q, B>) => Promise<unknown>,
) {
  return withPrincipal(sessionOnly, options, handler);
}

/** `withUser` limited to the given roles (others get 403). */
export function withRole<Q extends Schema = undefined, B extends Schema = undefined>(
  roles: Role[],
  options: Omit<RouteOptions<Q, B>, "roles">,
  handler: (ctx: HandlerContext<Q, B>) => Promise<unknown>,
) {
  return withUser({ ...options, roles }, handler);
}
