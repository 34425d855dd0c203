import "server-only";
import { mapStatus } from "./answers";
import { ProviderError } from "./errors";
import { documentIdSegment } from "./ids";
import type { Requester } from "./request";
import type { CallOptions } from "./service";

export type ConfirmOutcome =
  { state: "confirmed"; noLongerOpen: boolean } | { state: "failed" | "unknown"; error: ProviderError };

/**
 * Confirms receipt, attempted exactly once. Any 2xx confirms; 404/409/410 mean the document is
 * no longer open (already confirmed). No answer after sending, or a 5xx, is `unknown`. The whole
 * call, a renewed token included, ends by `opts.deadline` (else PROVIDER_TIMEOUT_MS from now).
 * See docs/provider-client.md, "Confirming".
 */
export async function confirmDocument(
  req: Requester,
  documentid: string,
  opts: CallOptions = {},
): Promise<ConfirmOutcome> {
  const url = new URL(`${req.root.href}/${documentIdSegment(documentid)}/status`);
  let res;
  try {
    res = await req.call(url, "PUT", "write", undefined, opts, opts.deadline ?? true);
  } catch (err) {
    const e = err instanceof ProviderError ? err : new ProviderError("unexpected", { cause: err });
    return {
      state: e.details.sent === false || e.kind === "refused" || e.kind === "auth" ? "failed" : "unknown",
      error: e,
    };
  }
  await res.body.dump().catch(() => undefined);
  if (res.status >= 200 && res.status < 300) return { state: "confirmed", noLongerOpen: false };
  if (res.status === 404 || res.status === 409 || res.status === 410) return { state: "confirmed", noLongerOpen: true };
  return { state: res.status >= 500 ? "unknown" : "failed", error: mapStatus(res) };
}
