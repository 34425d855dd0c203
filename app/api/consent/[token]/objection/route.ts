import { answer, consentAction } from "@/lib/handoffs/consent/http";
import { objectConsent } from "@/lib/handoffs/consent/objection";
import { portalRefusal } from "@/lib/handoffs/portal/rate";

/**
 * The resident's objection (docs/api.md, "Consent"): the objection page's button, and RFC 8058's one-click POST of a
 * mail client (`List-Unsubscribe=One-Click`, answered 200 in plain text). No session.
 */
export function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return consentAction(req, params, "objection", async (db, access, form, page) => {
    await objectConsent(db, access);
    if (form["List-Unsubscribe"] === "One-Click")
      return new Response("Sie erhalten die Verbrauchsinformation ab dem nächsten Dokument per Brief.\n", {
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    return answer(req, page, "done");
  });
}

/** A GET changes nothing (mail scanners follow links): it leads to the objection page and its button. */
export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const refused = portalRefusal(req.headers);
  if (refused) return refused;
  const { token } = await params;
  return new Response(null, {
    status: 303,
    headers: { Location: `/widerspruch/${token}`, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
