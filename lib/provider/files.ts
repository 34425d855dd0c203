import "server-only";
import type { Readable } from "node:stream";
import { mapStatus } from "./answers";
import { ProviderError } from "./errors";
import { headerOf } from "./http";
import { documentIdSegment } from "./ids";
import type { Requester } from "./request";
import type { CallOptions } from "./service";

export type DocumentData = {
  contentType: string;
  contentLength?: string;
  filename?: string;
  body: ReadableStream<Uint8Array>;
};

/**
 * The file of a document, streamed: nothing is buffered; a stalled body errors the stream. A file
 * over `req.maxFileBytes` is `too_large`: before any byte when its Content-Length says so, else
 * the stream errors as soon as it passes the limit (docs/provider-client.md, "Files").
 */
export async function fetchDocumentData(
  req: Requester,
  documentid: string,
  opts: CallOptions = {},
): Promise<DocumentData> {
  const url = new URL(`${req.root.href}/${documentIdSegment(documentid)}/data`);
  const res = await req.call(url, "GET", "read", req.spec.dataAccept, opts, false);
  if (res.status < 200 || res.status >= 300) {
    await res.body.dump().catch(() => undefined);
    throw mapStatus(res);
  }
  const tooLarge = () => new ProviderError("too_large", { status: res.status, requestId: res.requestId });
  const length = headerOf(res, "content-length");
  if (length !== undefined && declaredLength(length) > req.maxFileBytes) {
    res.body.destroy();
    throw tooLarge();
  }
  return {
    contentType: headerOf(res, "content-type") ?? req.spec.fallbackMime,
    contentLength: length,
    filename: filenameOf(headerOf(res, "content-disposition")),
    body: toWebStream(res.body, req.maxFileBytes, tooLarge),
  };
}

/** A Content-Length as a number; one that is not a plain decimal is not trusted (counted while streaming instead). */
function declaredLength(value: string): number {
  return /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : 0;
}

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

/**
 * A pull hands on at least this much while the provider sends fast: every chunk costs promises and
 * a write on each layer up to the browser's socket (at 64 KiB per socket read, ~400 per 25 MB).
 */
const HANDOVER_BYTES = 512 * 1024;
/** How long a pull that has some bytes waits for more before it hands them on (a slow provider). */
const HANDOVER_WAIT_MS = 1;

/** How far the socket may run ahead of the browser before it is paused (per download). */
const READ_AHEAD_BYTES = 2 * 1024 * 1024;

/**
 * A web stream over a provider's body (docs/provider-client.md, "Files"): read ahead up to READ_AHEAD_BYTES and handed
 * on in chunks of HANDOVER_BYTES, so a fast provider is relayed in few, large writes rather than one per 64 KiB.
 * Cancelling destroys the source; its errors and `too_large` past `maxBytes` are passed on.
 */
function toWebStream(body: Readable, maxBytes: number, tooLarge: () => ProviderError): ReadableStream<Uint8Array> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  body.on("data", (chunk: Buffer) => {
    total += chunk.length;
    if (total > maxBytes) {
      // Over the limit: what was gathered is dropped and the stream errors at its next pull.
      pending = [];
      pendingBytes = 0;
      failure ??= tooLarge();
      body.destroy();
      notify();
      return;
    }
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
    failure ??= err;
    notify();
  });
  /** True when more data, the end or an error arrives within `ms`; false when the time is up first. */
  const moreWithin = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => ((wake = undefined), resolve(false)), ms);
      wake = () => (clearTimeout(timer), resolve(true));
    });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (pendingBytes < HANDOVER_BYTES && !ended && failure === undefined) {
          if (pendingBytes === 0) await new Promise<void>((resolve) => (wake = resolve));
          else if (!(await moreWithin(HANDOVER_WAIT_MS))) break;
        }
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
