import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { principalOf, type Principal } from "@/lib/auth/principal";
import { currentUser, type CurrentUser } from "@/lib/auth/session";
import { forgetSessionChecks } from "@/lib/auth/session-checks";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import type { Role } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import { AppError, forbidden, unauthorized } from "@/lib/errors";
import type { Locale, MessageKey } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";
import { DEFAULT_BODY_LIMIT, readJsonBody } from "./body";
import { CHANGING_METHODS, isAllowedOrigin } from "./origin";
import { errorResponse, jsonResponse, noStoreJson } from "./responses";
import { parsePath, parseWith } from "./validation";

export type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
/** The path's parameters as a route declared them, or as plain strings when it declared none. */
type PathParams<P extends Schema> = P extends z.ZodType ? z.output<P> : Record<string, string>;

export type HandlerContext<Q extends Schema, B extends Schema, P extends Schema = undefined> = {
  req: NextRequest;
  /** The signed-in user, for the routes that show or change the user itself. */
  user: CurrentUser;
  /** Who asks: what every data function of lib/ takes (lib/auth/principal.ts). */
  principal: Principal;
  locale: Locale;
  query: Parsed<Q>;
  body: Parsed<B>;
  params: PathParams<P>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type RouteOptions<Q extends Schema, B extends Schema, P extends Schema = undefined> = {
  roles?: readonly Role[];
  query?: Q;
  body?: B;
  /** The path's parameters (a catch-all's segments joined by `/`); one that does not fit answers 404. */
  params?: P;
  /** The message of that 404 (default: the generic one). */
  notFound?: MessageKey;
  /** Largest request body in bytes (default 64 KiB); larger ones are refused with 413 while they stream. */
  maxBodyBytes?: number;
};

/** The session's user, plus anything loaded in the same round trip (a route's own record, say). */
export type Loaded<X> = { user: CurrentUser | null; extra: X };
export type SessionLoader<X> = (params: Record<string, string>) => Promise<Loaded<X>>;

/**
 * The one wrapper for the dashboard's JSON routes: session -> role -> Origin check -> zod ->
 * handler -> error mapping (lib/api/responses.ts). A handler returns a Response, or a value sent as 200 JSON,
 * and gets the principal made from the session's user (lib/auth/principal.ts), which its lib/ calls take.
 * `load` finds the session's user; a route may load its own record with it in one query.
 */
export function withSession<
  X extends object,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  P extends Schema = undefined,
>(
  load: SessionLoader<X>,
  options: RouteOptions<Q, B, P>,
  handler: (ctx: HandlerContext<Q, B, P> & X) => Promise<unknown>,
) {
  return async (req: NextRequest, route: RouteContext): Promise<Response> => {
    let locale: Locale = "de";
    // A changing request may end sessions or move a connection: no remembered check outlives it.
    const isChanging = CHANGING_METHODS.has(req.method);
    if (isChanging) forgetSessionChecks();
    try {
      const rawParams = (await route.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      const { user, extra } = await load(params);
      locale = await requestLocale(user?.locale);
      if (!user) throw unauthorized();
      if (options.roles && !options.roles.includes(user.role)) throw forbidden();
      if (isChanging && !isAllowedOrigin(req.headers, env().publicUrl))
        throw new AppError(403, "bad_origin", "error.badOrigin");
      const query = options.query ? parseWith(options.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const body = options.body
        ? parseWith(options.body, await readJsonBody(req, options.maxBodyBytes ?? DEFAULT_BODY_LIMIT))
        : undefined;
      const path = options.params ? parsePath(options.params, params, options.notFound) : params;
      const result = await handler({
        ...extra,
        req,
        user,
        principal: principalOf(user),
        locale,
        query: query as Parsed<Q>,
        body: body as Parsed<B>,
        params: path as PathParams<P>,
      });
      return result instanceof Response ? noStoreJson(result) : jsonResponse(result);
    } catch (err) {
      return errorResponse(err, locale);
    } finally {
      if (isChanging) forgetSessionChecks();
    }
  };
}

const sessionOnly: SessionLoader<object> = async () => ({ user: await currentUser(), extra: {} });

/** `withSession` for routes that need only the signed-in user. */
export function withUser<Q extends Schema = undefined, B extends Schema = undefined, P extends Schema = undefined>(
  options: RouteOptions<Q, B, P>,
  handler: (ctx: HandlerContext<Q, B, P>) => Promise<unknown>,
) {
  return withSession(sessionOnly, options, handler);
}

/** `withUser` limited to the given roles (others get 403). */
export function withRole<Q extends Schema = undefined, B extends Schema = undefined, P extends Schema = undefined>(
  roles: readonly Role[],
  options: Omit<RouteOptions<Q, B, P>, "roles">,
  handler: (ctx: HandlerContext<Q, B, P>) => Promise<unknown>,
) {
  return withUser({ ...options, roles }, handler);
}

/** `withRole` for support's routes (lib/auth/roles.ts). */
export function withSupport<Q extends Schema = undefined, B extends Schema = undefined, P extends Schema = undefined>(
  options: Omit<RouteOptions<Q, B, P>, "roles">,
  handler: (ctx: HandlerContext<Q, B, P>) => Promise<unknown>,
) {
  return withRole(SUPPORT_ROLES, options, handler);
}
