import { confirmCode } from "@/lib/handoffs/consent/codes";
import { answer, consentAction } from "@/lib/handoffs/consent/http";

/** One try of the opt-in page's code; right, the consent is recorded (docs/api.md, "Consent"); no session. */
export function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return consentAction(req, params, "optIn", async (db, access, form, page) => {
    const { state, ...extra } = await confirmCode(db, access, form.code ?? "");
    return answer(req, page, state, extra);
  });
}
