import { getDb } from "@/lib/db/client";
import { openConsent } from "@/lib/handoffs/consent/access";
import { confirmCode } from "@/lib/handoffs/consent/codes";
import { answer, formOf, gone, throttled } from "@/lib/handoffs/consent/http";

/** One try of the opt-in page's code; right, the consent is recorded (docs/api.md, "Consent"); no session. */
export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const refused = throttled(req);
  if (refused) return refused;
  const { token } = await params;
  const page = `/einwilligung/${token}`;
  const db = await getDb();
  const access = await openConsent(db, "optIn", token);
  if (!access) return gone(req, page);
  const form = await formOf(req);
  const result = await confirmCode(db, access, form.code ?? "");
  const { state, ...extra } = result;
  return answer(req, page, state, extra);
}
