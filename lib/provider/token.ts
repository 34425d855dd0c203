import "server-only";
import { createHash } from "node:crypto";
import { now } from "@/lib/process/clock";
import { ProviderError } from "./errors";
import { headerOf, readText, send, type HttpConfig } from "./http";
import { DiscoveryDocument, TokenAnswer } from "./schemas";

/**
 * OAuth 2.0 client credentials against `{auth_url}`: the discovery document names the token
 * endpoint; tokens are cached per connection and credentials until shortly before they expire,
 * and a cold cache makes one token request however many calls wait for it (single flight). Expiry
 * is read on the app's clock (lib/process/clock.ts), which a test moves instead of waiting.
 * See docs/provider-client.md, "Authorisation".
 */

export type ClientCredentials = { authUrl: string; clientId: string; clientSecret: string };
type Entry = { token: string; expiresAt: number };

const DISCOVERY_PATH = "/auth/realms/arge-api/.well-known/openid-configuration";
const FALLBACK_TOKEN_PATH = "/auth/realms/arge-api/protocol/openid-connect/token";
const DEFAULT_LIFETIME_S = 300;

// One cache per process, even if a bundler gives several routes their own copy of this module.
const store = globalThis as unknown as {
  argeTokens?: { cache: Map<string, Entry>; inflight: Map<string, Promise<Entry>> };
};
store.argeTokens ??= { cache: new Map(), inflight: new Map() };
const { cache, inflight } = store.argeTokens;

/** Cache key: the connection plus a digest of what the token depends on, so an edit starts fresh. */
export function tokenKey(connectionId: string, creds: ClientCredentials): string {
  const digest = createHash("sha256")
    .update(`${creds.authUrl}\n${creds.clientId}\n${creds.clientSecret}`)
    .digest("base64url");
  return `${connectionId}:${digest}`;
}

function expiryOf(lifetimeS: number, now: number): number {
  const margin = Math.min(30, lifetimeS * 0.1);
  return now + (lifetimeS - margin) * 1000;
}

/** The first address a client-credentials sign-in asks: the discovery document below `authUrl`. */
export function discoveryUrl(authUrl: string): URL {
  const base = new URL(authUrl);
  return new URL(base.pathname.replace(/\/$/, "") + DISCOVERY_PATH, base);
}

async function tokenEndpoint(creds: ClientCredentials, config: HttpConfig): Promise<URL> {
  const base = new URL(creds.authUrl);
  const discovery = discoveryUrl(creds.authUrl);
  const res = await send(discovery, config, {
    service: "oidc",
    method: "GET",
    kind: "read",
    headers: { accept: "application/json" },
    deadline: true,
  });
  if (res.status === 404) {
    await res.body.dump();
    return new URL(base.pathname.replace(/\/$/, "") + FALLBACK_TOKEN_PATH, base);
  }
  if (res.status !== 200) {
    await res.body.dump();
    throw new ProviderError("unexpected", { status: res.status, requestId: res.requestId });
  }
  let parsed;
  try {
    parsed = DiscoveryDocument.parse(JSON.parse(await readText(res, discovery)));
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError("unexpected", { status: res.status, requestId: res.requestId });
  }
  const endpoint = new URL(parsed.token_endpoint, discovery);
  // The token request carries the client secret: it goes nowhere but the configured origin.
  if (endpoint.origin !== base.origin) throw new ProviderError("bad_link", { requestId: res.requestId });
  return endpoint;
}

async function requestToken(creds: ClientCredentials, config: HttpConfig): Promise<Entry> {
  const endpoint = await tokenEndpoint(creds, config);
  const basic = Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString("base64");
  const res = await send(endpoint, config, {
    service: "oidc",
    method: "POST",
    kind: "read",
    deadline: true,
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: "grant_type=client_credentials",
  });
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    await res.body.dump();
    throw new ProviderError("auth", { status: res.status, requestId: res.requestId });
  }
  if (res.status < 200 || res.status >= 300) {
    await res.body.dump();
    throw new ProviderError(res.status >= 500 ? "unavailable" : "unexpected", {
      status: res.status,
      requestId: res.requestId,
    });
  }
  const text = await readText(res, endpoint);
  const type = headerOf(res, "content-type") ?? "";
  let answer;
  try {
    const raw = type.includes("x-www-form-urlencoded")
      ? Object.fromEntries(new URLSearchParams(text))
      : JSON.parse(text);
    answer = TokenAnswer.parse(raw);
  } catch {
    throw new ProviderError("unexpected", { status: res.status, requestId: res.requestId });
  }
  return { token: answer.access_token, expiresAt: expiryOf(answer.expires_in ?? DEFAULT_LIFETIME_S, now()) };
}

/** A valid access token for this connection: cached, or one shared request for all waiting callers. */
export async function getToken(key: string, creds: ClientCredentials, config: HttpConfig): Promise<string> {
  const cached = cache.get(key);
  if (cached && cached.expiresAt > now()) return cached.token;
  let pending = inflight.get(key);
  if (!pending) {
    pending = requestToken(creds, config)
      .then((entry) => {
        cache.set(key, entry);
        return entry;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return (await pending).token;
}

/** Drops a token the provider refused (only if no newer one replaced it meanwhile). */
export function dropToken(key: string, token: string): void {
  if (cache.get(key)?.token === token) cache.delete(key);
}

/** Forgets every token of a connection (after an edit or delete). */
export function forgetConnectionTokens(connectionId: string): void {
  for (const key of cache.keys()) if (key.startsWith(`${connectionId}:`)) cache.delete(key);
}
