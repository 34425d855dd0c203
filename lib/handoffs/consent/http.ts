import "server-only";
import { hitPortal } from "@/lib/handoffs/portal/rate";
import { translate } from "@/lib/i18n/messages";

/**
 * What the consent routes (`/api/consent/{token}/…`, docs/api.md "Consent") share: the portal's throttle per client
 * address (lib/handoffs/portal/rate.ts, as proxy.ts applies it to the pages), a small form or JSON body read within
 * a bound, and the answer: back to the page (303, the answer in `s`) for a form, JSON for a script. No cookie is read
 * and none is set; nothing is cached and no referrer is sent on.
 */

const HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
/** A form of an address, a channel and a code is far below this. */
const MAX_BODY = 4096;

/** The throttle's answer (429) when the client is over the portal's limit, else null. */
export function throttled(req: Request): Response | null {
  const address = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
  const wait = hitPortal(address);
  if (wait === null) return null;
  return new Response(translate("de", "portal.tooMany", { seconds: String(wait) }), {
    status: 429,
    headers: { ...HEADERS, "Retry-After": String(wait), "Content-Type": "text/plain; charset=utf-8" },
  });
}

const wantsJson = (req: Request) => (req.headers.get("content-type") ?? "").startsWith("application/json");

/** The body as text, read no further than MAX_BODY bytes (null past it, or when it cannot be read). */
async function boundedText(req: Request): Promise<string | null> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY) return null;
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_BODY) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The body's fields: a form (urlencoded or multipart) or a JSON object; {} for anything else or too large. */
export async function formOf(req: Request): Promise<Record<string, string>> {
  const text = await boundedText(req);
  if (text === null) return {};
  const out: Record<string, string> = {};
  if (wantsJson(req)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object")
        for (const [k, v] of Object.entries(parsed)) if (typeof v === "string") out[k] = v;
    } catch {
      return {};
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

export const langOf = (req: Request): "de" | "en" => (new URL(req.url).searchParams.get("lang") === "en" ? "en" : "de");

/** The answer of an action: JSON `{state, …}` to a script, else back to `page` with `s` (and the language). */
export function answer(req: Request, page: string, state: string, extra: Record<string, unknown> = {}): Response {
  if (wantsJson(req)) return Response.json({ state, ...extra }, { headers: HEADERS });
  const lang = langOf(req);
  const location = `${page}?s=${encodeURIComponent(state)}${lang === "en" ? "&lang=en" : ""}`;
  return new Response(null, { status: 303, headers: { ...HEADERS, Location: location } });
}

/** A token that opens nothing: the page says "Dieser Link gilt nicht mehr"; a script gets 404. */
export function gone(req: Request, page: string): Response {
  if (!wantsJson(req)) return answer(req, page, "gone");
  return Response.json(
    { error: "not_found", message: translate(langOf(req), "consent.gone.title") },
    { status: 404, headers: HEADERS },
  );
}
