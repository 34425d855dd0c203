import "server-only";
import { AppError } from "@/lib/errors";

/** Request bodies of JSON routes and of the sign-in form: 64 KiB (routes may allow more, see `withSession`). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export const bodyTooLarge = (limit: number) =>
  new AppError(413, "payload_too_large", "error.bodyTooLarge", { vars: { kib: Math.floor(limit / 1024) } });

/**
 * After a refusal, how much of the body is still read and dropped: up to this much past the limit,
 * for up to this long after the refusal. A browser sends the whole body before it reads the answer,
 * on a slow line for a minute or more, and a connection closed under it reads as "reset".
 */
const DRAIN_PAST_LIMIT = 64 * 1024 * 1024;
const DRAIN_MS = 120_000;

/**
 * The rest of a refused body is read and dropped in the background (as a proxy's lingering close
 * does), so the client, done sending, reads the answer instead of a reset connection. A client
 * still sending past `limit` + DRAIN_PAST_LIMIT bytes in all, or after DRAIN_MS, is cut off.
 * Nothing is kept.
 */
export function drainThenCancel(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): void {
  const deadline = Date.now() + DRAIN_MS;
  void (async () => {
    let left = limit + DRAIN_PAST_LIMIT;
    try {
      while (left > 0) {
        const wait = deadline - Date.now();
        if (wait <= 0) break;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), wait)));
        const r = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
        if (r === "timeout") break;
        if (r.done) return;
        left -= r.value.byteLength;
      }
    } catch {
      // the client went away: nothing left to drain
    }
    await reader.cancel().catch(() => undefined);
  })();
}

/**
 * A request body, read while it streams and refused (413) as soon as it passes `limit` bytes:
 * a declared Content-Length over the limit is refused before a byte is kept, and a chunked body
 * is counted as it arrives, so memory stays bounded by the limit whatever the client sends.
 */
export async function readBodyLimited(req: Request, limit: number = DEFAULT_BODY_LIMIT): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    if (req.body) drainThenCancel(req.body.getReader(), limit);
    throw bodyTooLarge(limit);
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      drainThenCancel(reader, limit);
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** A JSON request body within `limit` bytes; an empty body is `{}`, so a schema names what is missing. */
export async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyLimited(req, limit));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_json", "error.invalidJson");
  }
}
