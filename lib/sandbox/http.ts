/** Small pure helpers of the sandbox's HTTP answers: media types, paging, reason phrases. */

const REASONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function reason(status: number): string {
  return REASONS[status] ?? (status >= 500 ? "Server Error" : status >= 400 ? "Client Error" : "OK");
}

type Range = { type: string; q: number };

function parseAccept(header: string | null): Range[] {
  if (!header || !header.trim()) return [{ type: "*/*", q: 1 }];
  return header.split(",").map((part) => {
    const [type, ...params] = part.trim().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return { type: (type ?? "").trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
  });
}

/** The q-value the Accept header gives a concrete media type (most specific range wins). */
export function quality(header: string | null, mediaType: string): number {
  const [major] = mediaType.split("/");
  let best = -1;
  let specificity = -1;
  for (const r of parseAccept(header)) {
    const s = r.type === mediaType ? 2 : r.type === `${major}/*` ? 1 : r.type === "*/*" ? 0 : -1;
    if (s > specificity) {
      specificity = s;
      best = r.q;
    }
  }
  return specificity < 0 ? 0 : best;
}

export const accepts = (header: string | null, mediaType: string) => quality(header, mediaType) > 0;

/** DTA: JSON unless XML is strictly preferred; with XML switched off, XML-only callers get 406. */
export function negotiateDta(header: string | null, xmlEnabled: boolean): "json" | "xml" | 406 {
  const json = quality(header, "application/json");
  const xml = quality(header, "application/xml");
  if (xml > json) return xmlEnabled ? "xml" : 406;
  return json > 0 ? "json" : 406;
}

export type Paging = { offset: number; limit: number };

/** offset/limit from a query: missing means the defaults; anything but digits (or limit 0) is an error. */
export function parsePaging(
  params: URLSearchParams,
  defaultLimit: number,
  maxLimit: number,
): Paging | { error: string } {
  const offsetRaw = params.get("offset");
  const limitRaw = params.get("limit");
  if (offsetRaw !== null && !/^\d{1,9}$/.test(offsetRaw)) return { error: "offset must be a non-negative integer" };
  if (limitRaw !== null && !/^\d{1,9}$/.test(limitRaw)) return { error: "limit must be a positive integer" };
  const limit = limitRaw === null ? defaultLimit : Number(limitRaw);
  if (limit < 1) return { error: "limit must be a positive integer" };
  return { offset: offsetRaw === null ? 0 : Number(offsetRaw), limit: Math.min(limit, maxLimit) };
}

/** A filename safe for a quoted Content-Disposition parameter, plus its RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
