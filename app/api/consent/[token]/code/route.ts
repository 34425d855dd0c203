import { getDb } from "@/lib/db/client";
import { openConsent } from "@/lib/handoffs/consent/access";
import { requestCode } from "@/lib/handoffs/consent/codes";
import { answer, formOf, gone, langOf, throttled } from "@/lib/handoffs/consent/http";

/** The opt-in page's code sent to the address the resident typed (docs/api.md, "Consent"); no session. */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const refused = throttled(req);
  if (refused) return refused;
  const { token } = await params;
  const page = `/einwilligung/${token}`;
  const db = await getDb();
  const access = await openConsent(db, "optIn", token);
  if (!access) return gone(req, page);
  const form = await formOf(req);
  const channel = form.channel === "portal" ? "portal" : "email";
  const state = await requestCode(db, access, { channel, email: form.email ?? "", lang: langOf(req) });
  return answer(req, page, state);
}
