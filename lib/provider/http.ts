import "server-only";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { Agent, request, type Dispatcher } from "undici";
import { log } from "@/lib/log";
import { countProviderRequest, type ProviderService } from "@/lib/process/metrics";
import { ProviderError } from "./errors";
import { checkUrl, guardedLookup, type GuardPolicy } from "./guard";

/**
 * The one module that sends requests to a provider. Every request: the outbound guard first, no
 * redirects followed (undici's `request` does not follow them), connect/answer/body timeouts of
 * PROVIDER_TIMEOUT_MS, the caller's AbortSignal passed through. Reads retry; writes never do.
 * See docs/provider-client.md, "Sending".
 */

export type HttpConfig = GuardPolicy & {
  timeoutMs: number;
  /** Largest file (`/data`) read from a provider, in bytes (default DEFAULT_MAX_FILE_BYTES). */
  maxFileBytes?: number;
};

/** Largest provider file when the configuration names none (MAX_DOCUMENT_MB's default). */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
export type Method = "GET" | "PUT" | "POST";
export type SendOptions = {
  /** Which service the request belongs to, for the metrics (the token endpoint's is `oidc`). */
  service: ProviderService;
  method: Method;
  headers?: Record<string, string>;
  /** A stream is sent as it is read (an upload from the archive); only a write sends one, so it is never replayed. */
  body?: string | Buffer | Readable;
  signal?: AbortSignal;
  /** A read is retried on network errors, 408, 429 and 5xx; a write is attempted exactly once. */
  kind: "read" | "write";
  /**
   * Whole-exchange deadline (answer and body) for answers read in full: `true` gives each attempt
   * PROVIDER_TIMEOUT_MS, a signal is one deadline the caller set; streams use idle timeouts.
   */
  deadline?: boolean | AbortSignal;
};
export type ProviderResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData["body"];
  requestId: string;
};

/** Largest answer read whole (a list page, a count, a token). */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** Bytes several answers may still use together (one list request's pages); shared, decremented as they arrive. */
export type ByteBudget = { left: number };
const MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 2000;
const RETRY_AFTER_CAP_MS = 5000;

const store = globalThis as unknown as { argeAgents?: Map<string, Agent> };
const agents = (store.argeAgents ??= new Map<string, Agent>());
function agentFor(timeoutMs: number, allowlisted: boolean): Agent {
  const key = `${timeoutMs}:${allowlisted}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connect: allowlisted ? { timeout: timeoutMs } : { timeout: timeoutMs, lookup: guardedLookup },
      keepAliveTimeout: 4000,
    });
    agents.set(key, agent);
  }
  return agent;
}

const NOT_SENT = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "E_ARGE_REFUSED_ADDRESS",
]);

function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code !== "UND_ERR_SOCKET") return code;
  }
  return (err as { code?: string } | undefined)?.code;
}

/** Maps a failure of the exchange itself (no HTTP answer) to a ProviderError. */
export function transportError(
  err: unknown,
  ctx: { caller?: AbortSignal; deadline?: AbortSignal; requestId: string; url: URL },
): ProviderError {
  if (err instanceof ProviderError) return err;
  const base = { requestId: ctx.requestId, url: ctx.url.origin, cause: err };
  if (ctx.caller?.aborted) return new ProviderError("aborted", { ...base, sent: true });
  const code = codeOf(err);
  if (code === "E_ARGE_REFUSED_ADDRESS") return new ProviderError("refused", { ...base, sent: false });
  if (ctx.deadline?.aborted || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return new ProviderError("timeout", { ...base, sent: true });
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT") return new ProviderError("timeout", { ...base, sent: false });
  return new ProviderError("unreachable", { ...base, sent: !NOT_SENT.has(code ?? "") });
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\s*\d+\s*$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function backoffMs(attempt: number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

const isRetryableStatus = (s: number) => s === 408 || s === 429 || s >= 500;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function attempt(
  url: URL,
  config: HttpConfig,
  options: SendOptions,
  requestId: string,
): Promise<ProviderResponse & { deadline?: AbortSignal }> {
  const { allowlisted } = checkUrl(url, config);
  const deadline =
    options.deadline instanceof AbortSignal
      ? options.deadline
      : options.deadline
        ? AbortSignal.timeout(config.timeoutMs)
        : undefined;
  const signals = [options.signal, deadline].filter((s): s is AbortSignal => s !== undefined);
  const started = performance.now();
  const took = () => (performance.now() - started) / 1000;
  try {
    const res = await request(url, {
      dispatcher: agentFor(config.timeoutMs, allowlisted),
      method: options.method,
      headers: { "x-request-id": requestId, ...options.headers },
      body: options.body,
      signal: signals.length ? AbortSignal.any(signals) : undefined,
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
      // Lets a streamed file run ahead of the browser by up to 1 MiB (then the socket pauses).
      highWaterMark: 1024 * 1024,
    });
    countProviderRequest(options.service, res.statusCode, took());
    return { status: res.statusCode, headers: res.headers, body: res.body, requestId, deadline };
  } catch (err) {
    const failure = transportError(err, { caller: options.signal, deadline, requestId, url });
    countProviderRequest(
      options.service,
      failure.kind === "timeout" || failure.kind === "aborted" ? failure.kind : "error",
      took(),
    );
    throw failure;
  }
}

/**
 * Sends one request (a read: with retries). Answers of any status are returned; only failures
 * without an answer throw. A 3xx is returned like any other status: it is never followed.
 */
export async function send(
  url: URL,
  config: HttpConfig,
  options: SendOptions,
): Promise<ProviderResponse & { deadline?: AbortSignal }> {
  const attempts = options.kind === "read" ? MAX_ATTEMPTS : 1;
  for (let n = 0; ; n++) {
    const requestId = randomUUID();
    let res: Awaited<ReturnType<typeof attempt>>;
    try {
      res = await attempt(url, config, options, requestId);
    } catch (err) {
      const e = err as ProviderError;
      // A provider that stayed silent for the whole timeout is not asked again (the caller would
      // wait several timeouts); connection failures and connect timeouts are.
      const retryable = e.kind === "unreachable" || (e.kind === "timeout" && e.details.sent === false);
      log().warn(
        { requestId, origin: url.origin, method: options.method, kind: e.kind, attempt: n + 1 },
        "provider request failed",
      );
      if (!retryable || n + 1 >= attempts) throw e;
      await sleep(backoffMs(n), options.signal).catch(() => {
        throw new ProviderError("aborted", { requestId });
      });
      continue;
    }
    // One line per provider request would bury everything else (a sync lists hundreds of pages): debug only.
    log().debug(
      { requestId, origin: url.origin, path: url.pathname, method: options.method, status: res.status, attempt: n + 1 },
      "provider answered",
    );
    if (!isRetryableStatus(res.status) || n + 1 >= attempts) return res;
    const retryAfter = parseRetryAfter(res.headers["retry-after"]);
    if (retryAfter !== undefined && retryAfter > RETRY_AFTER_CAP_MS) return res;
    await res.body.dump().catch(() => undefined);
    await sleep(backoffMs(n, retryAfter), options.signal).catch(() => {
      throw new ProviderError("aborted", { requestId });
    });
  }
}

/**
 * Reads a whole answer body as text, at most `limit` bytes, and within `budget` when several
 * answers share one: past either, reading stops at once (the socket is destroyed) with `too_large`.
 */
export async function readText(
  res: ProviderResponse & { deadline?: AbortSignal },
  url: URL,
  caller?: AbortSignal,
  limit = MAX_JSON_BYTES,
  budget?: ByteBudget,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      const length = (chunk as Buffer).length;
      size += length;
      if (budget) budget.left -= length;
      if (size > limit || (budget && budget.left < 0)) {
        res.body.destroy();
        throw new ProviderError("too_large", { status: res.status, requestId: res.requestId });
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    throw transportError(err, { caller, deadline: res.deadline, requestId: res.requestId, url });
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function headerOf(res: ProviderResponse, name: string): string | undefined {
  const v = res.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
