import "server-only";
import type { Readable } from "node:stream";
import { mapStatus, parseAnswer } from "./answers";
import { ProviderError } from "./errors";
import {
  DEFAULT_MAX_FILE_BYTES,
  MAX_JSON_BYTES,
  readText,
  send,
  type ByteBudget,
  type HttpConfig,
  type Method,
  type ProviderResponse,
} from "./http";
import type { CallOptions, ProviderConnection, ServiceSpec } from "./service";
import { dropToken, getToken, tokenKey } from "./token";

/** A request body with the headers that describe it (content type, length). */
export type Payload = { body: Readable; headers: Record<string, string> };

/**
 * Authorised requests to one connection's document service (docs/provider-client.md, "Authorisation"); every part of
 * the client uses one.
 */
export type Requester = {
  spec: ServiceSpec;
  /** `{base_url}{documentsPath}`: the list path, and the only path paging links may point at. */
  root: URL;
  /** Largest file this connection's `/data` may deliver, in bytes. */
  maxFileBytes: number;
  /**
   * `deadline`: see SendOptions; for a write, `true` sets one deadline for the whole call (token and all).
   * `payload` makes the request's body and its headers, afresh for each try (a renewed token's too).
   */
  call(
    url: URL,
    method: Method,
    kind: "read" | "write",
    accept: string | undefined,
    opts: CallOptions,
    deadline: boolean | AbortSignal,
    payload?: () => Payload,
  ): Promise<ProviderResponse & { deadline?: AbortSignal }>;
  /** Obtains what authorises a request (a bearer token, cached) ahead of a call that must not wait for it. */
  prepare(): Promise<void>;
  /** A JSON (or XML) answer, at most MAX_JSON_BYTES, and within `budget` when given. */
  getJson(url: URL, opts: CallOptions, budget?: ByteBudget): Promise<unknown>;
};

export function createRequester(conn: ProviderConnection, spec: ServiceSpec, config: HttpConfig): Requester {
  const root = new URL(conn.baseUrl.replace(/\/$/, "") + spec.documentsPath);
  const creds =
    conn.auth.type === "client_credentials"
      ? {
          authUrl: conn.authUrl ?? new URL(conn.baseUrl).origin,
          clientId: conn.auth.clientId,
          clientSecret: conn.auth.clientSecret,
        }
      : undefined;
  const key = creds ? tokenKey(conn.id, creds) : "";

  async function authorization(until?: AbortSignal): Promise<{ header: string; token?: string }> {
    if (conn.auth.type === "basic") {
      return { header: `Basic ${Buffer.from(`${conn.auth.username}:${conn.auth.password}`).toString("base64")}` };
    }
    const token = await beforeDeadline(getToken(key, creds!, config), until);
    return { header: `Bearer ${token}`, token };
  }

  /** One call with authorisation; a refused bearer token is replaced once and the call repeated. */
  const call: Requester["call"] = async (url, method, kind, accept, opts, deadline, payload) => {
    const kd = opts.kd ?? conn.customerNumber ?? undefined;
    // A write may be under way until one known moment, however the call goes (a token renewed after a 401 included).
    const until =
      deadline instanceof AbortSignal
        ? deadline
        : deadline && kind === "write"
          ? AbortSignal.timeout(config.timeoutMs)
          : undefined;
    for (let tries = 0; ; tries++) {
      const auth = await authorization(until);
      const body = payload?.();
      const headers: Record<string, string> = { ...body?.headers, authorization: auth.header };
      if (accept) headers.accept = accept;
      if (spec.sendsCustomerHeader && kd) headers.kd = kd;
      const res = await send(url, config, {
        service: spec.service,
        method,
        kind,
        headers,
        body: body?.body,
        signal: opts.signal,
        deadline: until ?? deadline,
      });
      if (res.status === 401 && auth.token && tries === 0) {
        await res.body.dump().catch(() => undefined);
        dropToken(key, auth.token);
        continue;
      }
      return res;
    }
  };

  async function getJson(url: URL, opts: CallOptions, budget?: ByteBudget): Promise<unknown> {
    const res = await call(url, "GET", "read", "application/json", opts, true);
    if (res.status < 200 || res.status >= 300) {
      await res.body.dump().catch(() => undefined);
      throw mapStatus(res);
    }
    return parseAnswer(res, await readText(res, url, opts.signal, MAX_JSON_BYTES, budget));
  }

  async function prepare(): Promise<void> {
    await authorization();
  }

  return { spec, root, maxFileBytes: config.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES, call, getJson, prepare };
}

/**
 * A token that arrives after the deadline is of no use: the call ends as a timeout that sent
 * nothing (a PUT refused with 401 before it was not applied either).
 */
function beforeDeadline<T>(work: Promise<T>, until: AbortSignal | undefined): Promise<T> {
  if (!until) return work;
  const late = () => new ProviderError("timeout", { sent: false });
  if (until.aborted) return Promise.reject(late());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(late());
    until.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => until.removeEventListener("abort", onAbort));
  });
}
