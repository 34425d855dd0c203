import "server-only";
import { AppError } from "@/lib/errors";

/** Request bodies of JSON routes and of the sign-in form: 64 KiB (routes may allow more, see `withPrincipal`). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export const bodyTooLarge = (limit: number) =>
  new AppError(413, "payload_too_large", "error.bodyTooLarge", { vars: { kib: Math.floor(limit / 1024) } });

/**
 * A request body, read while it streams and refused (413) as soon as it passes `limit` bytes:
 * a declared Content-Length over the limit is refused before a byte is read, and a chunked body
 * is counted as it arrives, so memory stays bounded by the limit whatever the client sends.
 */
export async function readBodyLimited(req: Request, limit: number = DEFAULT_BODY_LIMIT): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw bodyTooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
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
