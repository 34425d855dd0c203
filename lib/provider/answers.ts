import { ProviderError } from "./errors";
import type { ProviderResponse } from "./http";
import { headerOf } from "./http";
import { parseXml } from "./schemas";

/** The project's error for a provider answer that is not a success. */
export function mapStatus(res: Pick<ProviderResponse, "status" | "requestId">): ProviderError {
  const d = { status: res.status, requestId: res.requestId };
  const s = res.status;
  if (s === 401) return new ProviderError("auth", d);
  if (s === 403) return new ProviderError("forbidden", d);
  if (s === 404) return new ProviderError("not_found", d);
  if (s === 410) return new ProviderError("gone", d);
  if (s === 408) return new ProviderError("timeout", d);
  if (s === 429) return new ProviderError("rate_limited", d);
  if (s >= 500) return new ProviderError("unavailable", d);
  return new ProviderError("unexpected", d);
}

/** JSON, or XML when the provider answers XML anyway. Anything else is unexpected. */
export function parseAnswer(res: ProviderResponse, text: string): unknown {
  const type = (headerOf(res, "content-type") ?? "").toLowerCase();
  try {
    if (type.includes("xml") || /^\s*</.test(text)) return parseXml(text);
    return JSON.parse(text);
  } catch {
    throw new ProviderError("unexpected", { status: res.status, requestId: res.requestId });
  }
}

/**
 * A paging link, resolved against the page it came from. Invariant: only links to the configured
 * origin and list path are followed; anything else ends paging with an error, never a request.
 * See docs/provider-client.md, "Links only on the configured origin".
 */
export function resolvePageLink(href: string, page: URL, root: URL): URL {
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    throw new ProviderError("bad_link");
  }
  if (url.origin !== root.origin || url.pathname !== root.pathname || url.username || url.password) {
    throw new ProviderError("bad_link", { url: url.origin });
  }
  url.hash = "";
  return url;
}
