import { requestCode } from "@/lib/handoffs/consent/codes";
import { answer, consentAction, langOf } from "@/lib/handoffs/consent/http";

/** The opt-in page's code sent to the address the resident typed (docs/api.md, "Consent"); no session. */
export function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return consentAction(req, params, "optIn", async (db, access, form, page) => {
    const channel = form.channel === "portal" ? "portal" : "email";
    const state = await requestCode(db, access, { channel, email: form.email ?? "", lang: langOf(req) });
    return answer(req, page, state);
  });
}
