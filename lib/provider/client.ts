import "server-only";
import type { Readable } from "node:stream";
import { ProviderError } from "./errors";
import { headerOf, readText, send, type HttpConfig, type Method, type ProviderResponse } from "./http";
import { documentIdSegment } from "./ids";
import { mapStatus, parseAnswer, resolvePageLink } from "./answers";
import { nextLinkOf, normaliseDocument, ProviderCount, ProviderDocumentList, type ProviderDocument } from "./schemas";
import { dropToken, getToken, tokenKey } from "./token";
import { dta } from "./dta";
import { uvi } from "./uvi";

/** A connection as the provider client needs it: already opened (secrets in clear, in memory only). */
export type ProviderConnection = {
  id: string;
  service: "uvi" | "dta";
  baseUrl: string;
  authUrl: string | null;
  customerNumber: string | null;
  auth: { type: "basic"; username: string; password: string } | { type: "client_credentials"; clientId: string; clientSecret: string };
};

export type ServiceSpec = {
  service: "uvi" | "dta";
  documentsPath: string;
  dataAccept: string;
  fallbackMime: string;
  sendsCustomerHeader: boolean;
};

export type CallOptions = { kd?: string; signal?: AbortSignal };
export type DocumentPage = { count: number; offset: number; limit: number; documents: ProviderDocument[] };
export type DocumentData = { contentType: string; contentLength?: string; filename?: string; body: ReadableStream<Uint8Array> };
export type ConfirmOutcome =
  | { state: "confirmed"; noLongerOpen: boolean }
  | { state: "failed" | "unknown"; error: ProviderError };

const MAX_FOLLOWED_PAGES = 50;

export function createProviderClient(conn: ProviderConnection, config: HttpConfig) {
  const spec = conn.service === "dta" ? dta : uvi;
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
  async function call(url: URL, method: Method, kind: "read" | "write", accept: string | undefined, opts: CallOptions, deadline: boolean): Promise<ProviderResponse & { deadline?: AbortSignal }> {
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

  function listUrl(offset: number, limit: number): URL {
    const url = new URL(root);
    url.searchParams.set("offset", String(offset));
    url.searchParams.set("limit", String(limit));
    return url;
  }

  async function count(opts: CallOptions = {}): Promise<number> {
    const raw = await getJson(new URL(`${root.href}/count`), opts);
    const parsed = ProviderCount.safeParse(raw);
    if (!parsed.success) throw new ProviderError("unexpected", { status: 200 });
    return parsed.data.count;
  }

  async function fetchPage(url: URL, opts: CallOptions) {
    const parsed = ProviderDocumentList.safeParse(await getJson(url, opts));
    if (!parsed.success) throw new ProviderError("unexpected", { status: 200 });
    return parsed.data;
  }

  /**
   * One page of `limit` documents from `offset`, whatever the provider's own paging does: a page
   * that is too long is cut, a short page is filled by following `next` (only on the configured
   * origin and path) or, when `next` is missing while the count says more, by asking from the
   * next offset.
   */
  async function listPage(offset: number, limit: number, opts: CallOptions = {}): Promise<DocumentPage> {
    const first = listUrl(offset, limit);
    const [total, page] = await Promise.all([count(opts), fetchPage(first, opts)]);
    const seen = new Set<string>();
    const documents: ProviderDocument[] = [];
    const add = (list: typeof page.documents) => {
      for (const raw of list) {
        if (seen.has(raw.documentid)) continue;
        seen.add(raw.documentid);
        documents.push(normaliseDocument(raw, spec.fallbackMime));
      }
    };
    add(page.documents);
    let current = page;
    let currentUrl = first;
    for (let n = 0; documents.length < limit && n < MAX_FOLLOWED_PAGES; n++) {
      // An empty page, or the count says nothing follows (a `next` on the last page is not followed).
      if (current.documents.length === 0 || offset + documents.length >= total) break;
      const href = nextLinkOf(current);
      let nextUrl: URL;
      if (href) nextUrl = resolvePageLink(href, currentUrl, root);
      else if (offset + documents.length < total) nextUrl = listUrl(offset + documents.length, limit - documents.length);
      else break;
      currentUrl = nextUrl;
      current = await fetchPage(nextUrl, opts);
      const before = documents.length;
      add(current.documents);
      if (documents.length === before) break;
    }
    return { count: total, offset, limit, documents: documents.slice(0, limit) };
  }

  /** The file of a document, streamed: nothing is buffered; a stalled body errors the stream. */
  async function data(documentid: string, opts: CallOptions = {}): Promise<DocumentData> {
    const url = new URL(`${root.href}/${documentIdSegment(documentid)}/data`);
    const res = await call(url, "GET", "read", spec.dataAccept, opts, false);
    if (res.status < 200 || res.status >= 300) {
      await res.body.dump().catch(() => undefined);
      throw mapStatus(res);
    }
    return {
      contentType: headerOf(res, "content-type") ?? spec.fallbackMime,
      contentLength: headerOf(res, "content-length"),
      filename: filenameOf(headerOf(res, "content-disposition")),
      body: toWebStream(res.body),
    };
  }

  /**
   * Confirms receipt, attempted exactly once. Any 2xx confirms; 404/409/410 mean the document is
   * no longer open (already confirmed). No answer after sending, or a 5xx, is `unknown`.
   */
  async function confirm(documentid: string, opts: CallOptions = {}): Promise<ConfirmOutcome> {
    const url = new URL(`${root.href}/${documentIdSegment(documentid)}/status`);
    let res;
    try {
      res = await call(url, "PUT", "write", undefined, opts, true);
    } catch (err) {
      const e = err instanceof ProviderError ? err : new ProviderError("unexpected", { cause: err });
      return { state: e.details.sent === false || e.kind === "refused" || e.kind === "auth" ? "failed" : "unknown", error: e };
    }
    await res.body.dump().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { state: "confirmed", noLongerOpen: false };
    if (res.status === 404 || res.status === 409 || res.status === 410) return { state: "confirmed", noLongerOpen: true };
    return { state: res.status >= 500 ? "unknown" : "failed", error: mapStatus(res) };
  }

  return { service: spec.service, count, listPage, data, confirm };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;

function filenameOf(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim();
}

/** How far the socket may run ahead of the browser before it is paused (per download). */
const READ_AHEAD_BYTES = 2 * 1024 * 1024;

/**
 * A web stream over a provider's body. The socket is read while the browser side is busy, up to
 * READ_AHEAD_BYTES (then paused: backpressure), and each pull hands on everything gathered so far
 * as one chunk, so a fast provider is relayed in few, large writes instead of one per 64 KiB.
 * Cancelling destroys the source; its errors (a stalled body's timeout) are passed on.
 */
function toWebStream(body: Readable): ReadableStream<Uint8Array> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  body.on("data", (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= READ_AHEAD_BYTES) body.pause();
    notify();
  });
  body.once("end", () => {
    ended = true;
    notify();
  });
  body.once("error", (err) => {
    failure = err;
    notify();
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (pendingBytes === 0 && !ended && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
        if (pendingBytes > 0) {
          controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
          pending = [];
          pendingBytes = 0;
          if (body.isPaused()) body.resume();
          return;
        }
        if (failure !== undefined) controller.error(failure);
        else controller.close();
      },
      cancel() {
        body.destroy();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
}
