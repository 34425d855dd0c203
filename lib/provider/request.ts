import "server-only";
import { mapStatus, parseAnswer } from "./answers";
import { readText, send, type HttpConfig, type Method, type ProviderResponse } from "./http";
import type { CallOptions, ProviderConnection, ServiceSpec } from "./service";
import { dropToken, getToken, tokenKey } from "./token";

/** Authorised requests to one connection's document service (docs/provider-client.md, "Authorisation"); every part of the client uses one. */
export type Requester = {
  spec: ServiceSpec;
  /** `{base_url}{documentsPath}`: the list path, and the only path paging links may point at. */
  root: URL;
  call(url: URL, method: Method, kind: "read" | "write", accept: string | undefined, opts: CallOptions, deadline: boolean): Promise<ProviderResponse & { deadline?: AbortSignal }>;
  getJson(url: URL, opts: CallOptions): Promise<unknown>;
};

export function createRequester(conn: ProviderConnection, spec: ServiceSpec, config: HttpConfig): Requester {
  const root = new URL(conn.baseUrl.replace(/\/$/, "") + spec.documentsPath);
  const creds =
    conn.auth.type === "client_credentials"
      ? { authUrl: conn.authUrl ?? new URL(conn.baseUrl).origin, clientId: conn.auth.clientId, clientSecret: conn.auth.clientSecret }
      : undefined;
  const key = creds ? tokenKey(conn.id, creds) : "";

  async function authorization(): Promise<{ header: string; token?: string }> {
    if (conn.auth.type === "basic") {
      return { header: `Basic ${Buffer.from(`${conn.auth.username}:${conn.auth.password}`).toString("base64")}` };
    }
    const token = await getToken(key, creds!, config);
    return { header: `Bearer ${token}`, token };
  }

  /** One call with authorisation; a refused bearer token is replaced once and the call repeated. */
  async function call(url: URL, method: Method, kind: "read" | "write", accept: string | undefined, opts: CallOptions, deadline: boolean) {
    const kd = opts.kd ?? conn.customerNumber ?? undefined;
    for (let tries = 0; ; tries++) {
      const auth = await authorization();
      const headers: Record<string, string> = { authorization: auth.header };
      if (accept) headers.accept = accept;
      if (spec.sendsCustomerHeader && kd) headers.kd = kd;
      const res = await send(url, config, { method, kind, headers, signal: opts.signal, deadline });
      if (res.status === 401 && auth.token && tries === 0) {
        await res.body.dump().catch(() => undefined);
        dropToken(key, auth.token);
        continue;
      }
      return res;
    }
  }

  async function getJson(url: URL, opts: CallOptions): Promise<unknown> {
    const res = await call(url, "GET", "read", "application/json", opts, true);
    if (res.status < 200 || res.status >= 300) {
      await res.body.dump().catch(() => undefined);
      throw mapStatus(res);
    }
    return parseAnswer(res, await readText(res, url, opts.signal));
  }

  return { spec, root, call, getJson };
}
