import "server-only";
import { log } from "@/lib/log";
import { recordOutcome } from "./claim";
import type { ConfirmContext } from "./context";
import { failure, NOT_AGAIN, type ConfirmResult } from "./results";

/**
 * Steps 4 and 5: the one PUT of a claimed document, and its outcome on the record. No caller
 * signal: the outcome must be seen even when the browser has gone away.
 */
export async function sendOnce(
  ctx: ConfirmContext,
  documentid: string,
  kd: string,
  deadline: AbortSignal,
): Promise<ConfirmResult> {
  const outcome = await ctx.client.confirm(documentid, { ...(kd && { kd }), deadline });
  if (outcome.state === "confirmed") {
    await recordOutcome(ctx, documentid, "confirmed", { noLongerOpen: outcome.noLongerOpen });
    return { documentid, state: "confirmed" };
  }
  const error = failure(outcome.error, "delivery.confirm.notFetched");
  await recordOutcome(ctx, documentid, outcome.state, { providerStatus: error.providerStatus, code: error.code });
  log().warn(
    {
      connectionId: ctx.connection.id,
      state: outcome.state,
      kind: outcome.error.kind,
      providerStatus: error.providerStatus,
    },
    "confirmation not confirmed",
  );
  if (outcome.state === "unknown") {
    const status = outcome.error.kind === "timeout" ? 504 : 502;
    return {
      documentid,
      state: "unknown",
      error: { ...NOT_AGAIN.unknown!, status, providerStatus: error.providerStatus },
    };
  }
  return { documentid, state: "failed", error };
}
