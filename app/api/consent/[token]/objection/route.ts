import { getDb } from "@/lib/db/client";
import { openConsent } from "@/lib/handoffs/consent/access";
import { answer, formOf, gone, throttled } from "@/lib/handoffs/consent/http";
import { objectConsent } from "@/lib/handoffs/consent/objection";

/**
 * The resident's objection (docs/api.md, "Consent"): the objection page's button, and RFC 8058's one-click POST of a
 * mail client (`List-Unsubscribe=One-Click`, answered 200 in plain text). No session.
 */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const refused = throttled(req);
  if (refused) return refused;
  const { token } = await params;
  const page = `/widerspruch/${token}`;
  const db = await getDb();
  const access = await openConsent(db, "objection", token);
  if (!access) return gone(req, page);
  const form = await formOf(req);
  await objectConsent(db, access);
  if (form["List-Unsubscribe"] === "One-Click")
    return new Response("Sie erhalten die Verbrauchsinformation ab dem nächsten Dokument per Brief.\n", {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return answer(req, page, "done");
}

/** A GET changes nothing (mail scanners follow links): it leads to the objection page and its button. */
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const refused = throttled(req);
  if (refused) return refused;
  const { token } = await params;
  return new Response(null, {
    status: 303,
    headers: { Location: `/widerspruch/${token}`, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
