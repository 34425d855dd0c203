import "server-only";
import { clientByOauth, issueToken, publicJwks, REALM_PATH } from "./auth";
import type { Ctx } from "./pipeline";
import { parseAuthorization } from "./secrets";

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error, error_description: description }, { status, headers: { ...NO_STORE, ...headers } });
}

const formDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
};

/** The identity provider: discovery, client_credentials token endpoint, JWKS. */
export async function serveAuth(ctx: Ctx): Promise<Response> {
  const path = ctx.segments.join("/");
  const issuer = `${ctx.origin}${REALM_PATH}`;
  if (path === ".well-known/openid-configuration" || path === "protocol/openid-connect/certs") {
    if (ctx.method !== "GET") return oauthError(405, "invalid_request", "use GET", { Allow: "GET" });
    if (path === "protocol/openid-connect/certs") return Response.json(await publicJwks(ctx.meta));
    return Response.json({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      grant_types_supported: ["client_credentials"],
      response_types_supported: ["token"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    });
  }
  if (path !== "protocol/openid-connect/token") return oauthError(404, "invalid_request", "no such endpoint");
  if (ctx.method !== "POST") return oauthError(405, "invalid_request", "use POST", { Allow: "POST" });
  if (!(ctx.req.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return oauthError(400, "invalid_request", "send application/x-www-form-urlencoded");
  }
  const form = new URLSearchParams(await ctx.req.text());
  const grant = form.get("grant_type");
  if (!grant) return oauthError(400, "invalid_request", "grant_type is missing");
  if (grant !== "client_credentials")
    return oauthError(400, "unsupported_grant_type", "only client_credentials is supported");

  const header = parseAuthorization(ctx.req.headers.get("authorization"));
  const formId = form.get("client_id");
  const formSecret = form.get("client_secret");
  if (header.kind !== "none" && formSecret !== null) {
    return oauthError(400, "invalid_request", "use one client authentication method");
  }
  let id: string | null = null;
  let secret: string | null = null;
  if (header.kind === "basic") {
    // RFC 6749 2.3.1: id and secret are form-encoded before Basic encoding.
    id = formDecode(header.username);
    secret = formDecode(header.password);
  } else if (header.kind === "none") {
    id = formId;
    secret = formSecret;
  }
  const challenge = { "WWW-Authenticate": 'Basic realm="arge-api"' };
  if (!id || secret === null) return oauthError(401, "invalid_client", "client authentication failed", challenge);
  const client = await clientByOauth(ctx.db, id, secret);
  if (!client) return oauthError(401, "invalid_client", "client authentication failed", challenge);
  if (!client.services.includes("uvi") && !client.services.includes("osr"))
    return oauthError(400, "unauthorized_client", "this client may not use client_credentials");
  return Response.json(await issueToken(ctx.meta, client, issuer), { headers: NO_STORE });
}
