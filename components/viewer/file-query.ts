import { queryOptions } from "@tanstack/react-query";
import type { ErrorCode } from "@/lib/errors";
import { HttpError } from "@/lib/client/fetch-json";

export type FileBytes = { bytes: Uint8Array };

/**
 * The document's bytes from the project's own authorised route. A refusal carries the server's
 * JSON message (already in the user's language), which the viewer shows as the reason.
 */
export async function fetchFileBytes(src: string, signal?: AbortSignal): Promise<FileBytes> {
  const res = await fetch(src, { signal, credentials: "same-origin" });
  if (!res.ok) {
    const isJson = (res.headers.get("content-type") ?? "").includes("json");
    const body = isJson
      ? ((await res.json().catch(() => null)) as { error?: ErrorCode; message?: string } | null)
      : null;
    throw new HttpError(res.status, body?.error ?? "http_error", body?.message ?? "");
  }
  return { bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Bytes are dropped as soon as no viewer shows them (gcTime 0): documents can be large. */
export const fileQuery = (src: string) =>
  queryOptions({
    queryKey: ["viewer-file", src] as const,
    queryFn: ({ signal }) => fetchFileBytes(src, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
