import "server-only";
import { randomUUID } from "node:crypto";
import { AppError, type ErrorCode } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import { currentRequestId, log } from "@/lib/log";

/** The error answer (docs/api.md, "Conventions"): `{error, message}`, `fields` on a 400, nothing internal. */
function errorBody(
  err: unknown,
  locale: Locale,
): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  if (err instanceof AppError) {
    const { vars, fields, extra, headers } = err.options;
    const body: Record<string, unknown> = {
      error: err.code,
      message: translate(locale, err.messageKey, vars),
      ...extra,
    };
    if (fields) body.fields = fields.map((f) => ({ path: f.path, message: translate(locale, f.message, f.vars) }));
    return { status: err.status, body, headers };
  }
  const requestId = currentRequestId() ?? randomUUID();
  log().error({ requestId, err }, "unhandled error in route handler");
  const error: ErrorCode = "internal";
  return { status: 500, body: { error, message: translate(locale, "error.internal", { requestId }) } };
}

/** A JSON answer of the API: never stored by a browser or a proxy. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return Response.json(body, { status: init.status, headers: { "cache-control": "no-store", ...init.headers } });
}

export function errorResponse(err: unknown, locale: Locale): Response {
  const { status, body, headers } = errorBody(err, locale);
  return jsonResponse(body, { status, headers });
}

/** The last line of an NDJSON answer that failed after it began: `{done: true, error, message}`. */
export function errorLine(err: unknown, locale: Locale): Record<string, unknown> {
  return { done: true, ...errorBody(err, locale).body };
}

/** A handler's own Response keeps its headers; a JSON one without a caching rule gets `no-store`. */
export function noStoreJson(res: Response): Response {
  if (!res.headers.has("cache-control") && (res.headers.get("content-type") ?? "").includes("json")) {
    res.headers.set("cache-control", "no-store");
  }
  return res;
}

/**
 * A file answer: our own safe headers, never the provider's; no-transform keeps gzip off bytes that are compressed
 * already.
 */
export function fileResponse(
  meta: { contentType: string; contentDisposition: string; contentLength?: string },
  stream: ReadableStream<Uint8Array>,
): Response {
  const headers = new Headers({
    "content-type": meta.contentType,
    "content-disposition": meta.contentDisposition,
    "cache-control": "private, no-store, no-transform",
    "x-content-type-options": "nosniff",
  });
  if (meta.contentLength) headers.set("content-length", meta.contentLength);
  return new Response(stream, { status: 200, headers });
}

/**
 * An NDJSON answer fed by `run`: each `emit` is one line. The run goes on when the client goes
 * away (its lines are then dropped); its last value is the final line.
 */
export function ndjsonResponse(
  run: (emit: (line: object) => void) => Promise<object>,
  onError: (err: unknown) => object,
): Response {
  const encoder = new TextEncoder();
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // An empty first chunk sends the status and headers now (Next flushes them at the first chunk): a run's id
      // (Run-Id) reaches the client when the run starts, not only with its first line, which a slow provider may
      // keep for PROVIDER_TIMEOUT_MS.
      controller.enqueue(new Uint8Array(0));
      const emit = (line: object) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          open = false;
        }
      };
      void run(emit)
        .then(emit, (err: unknown) => emit(onError(err)))
        .finally(() => {
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store, no-transform" },
  });
}
