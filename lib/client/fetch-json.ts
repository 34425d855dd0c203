import type { ErrorCode } from "@/lib/errors";

/**
 * The dashboard API's error, with the server's message (already in the user's language); `http_error` when the answer
 * had no error code of its own.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "http_error",
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      Accept: "application/json",
      ...(init?.body ? { "Content-Type": "application/json" } : {}),
      ...init?.headers,
    },
  });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as {
    error?: ErrorCode;
    message?: string;
    fields?: { path: string; message: string }[];
  } | null;
  if (!res.ok) {
    throw new HttpError(res.status, body?.error ?? "http_error", body?.message ?? `HTTP ${res.status}`, body?.fields);
  }
  return body as T;
}

/**
 * POSTs and reads an NDJSON answer line by line as it streams, each line of the route's own type
 * (`SyncLine`, `ConfirmationsLine` in ./types). A refusal before the stream begins (401, 403, 409,
 * 400) throws the API's error like fetchJson. `onHeaders` sees the answer's headers before its
 * first line (a bulk confirmation's run id); `onWaiting` hears of a `202`, a request that waits for a release.
 */
export async function postNdjson<Line extends object>(
  url: string,
  body: unknown,
  onLine: (line: Line) => void,
  options: { signal?: AbortSignal; onHeaders?: (headers: Headers) => void; onWaiting?: () => void } = {},
): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    signal: options.signal,
    headers: { Accept: "application/x-ndjson", ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  // Four eyes (lib/releases): `202 {release}`, the request waits for a second person; nothing streams.
  if (res.status === 202 && options.onWaiting) {
    await res.body?.cancel().catch(() => undefined);
    return options.onWaiting();
  }
  if (!res.ok || !res.body) {
    const err = (await res.json().catch(() => null)) as { error?: ErrorCode; message?: string } | null;
    throw new HttpError(res.status, err?.error ?? "http_error", err?.message ?? `HTTP ${res.status}`);
  }
  options.onHeaders?.(res.headers);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += value;
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as Line);
  }
  if (rest.trim()) onLine(JSON.parse(rest) as Line);
}
