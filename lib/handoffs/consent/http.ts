import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { openConsent, type ConsentAccess } from "@/lib/handoffs/consent/access";
import { portalRefusal } from "@/lib/handoffs/portal/rate";
import { CONSENT_PAGES, type ConsentLinkKind } from "@/lib/register/tenancies/consent-links";
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
async function formOf(req: Request): Promise<Record<string, string>> {
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
function gone(req: Request, page: string): Response {
  if (!wantsJson(req)) return answer(req, page, "gone");
  return Response.json(
    { error: "not_found", message: translate(langOf(req), "consent.gone.title") },
    { status: 404, headers: HEADERS },
  );
}

/**
 * One consent route's work: throttled, the token opened (else "gone"), the body read within its bound, then `work`
 * with the page to answer back to.
 */
export async function consentAction(
  req: Request,
  params: Promise<{ token: string }>,
  kind: ConsentLinkKind,
  work: (db: Db, access: ConsentAccess, form: Record<string, string>, page: string) => Promise<Response>,
): Promise<Response> {
  const refused = portalRefusal(req.headers);
  if (refused) return refused;
  const { token } = await params;
  const page = `/${CONSENT_PAGES[kind]}/${token}`;
  const db = await getDb();
  const access = await openConsent(db, kind, token);
  if (!access) return gone(req, page);
  return work(db, access, await formOf(req), page);
}
