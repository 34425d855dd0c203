import "server-only";

/** A file answer: our own safe headers, never the provider's; no-transform keeps gzip off bytes that are compressed already. */
export function fileResponse(meta: { contentType: string; contentDisposition: string; contentLength?: string }, stream: ReadableStream<Uint8Array>): Response {
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
export function ndjsonResponse(run: (emit: (line: object) => void) => Promise<object>, onError: (err: unknown) => object): Response {
  const encoder = new TextEncoder();
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
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
  return new Response(stream, { status: 200, headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store, no-transform" } });
}
