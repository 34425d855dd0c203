import "server-only";
import { ensureArchived } from "@/lib/archive/ensure";
import { kdOf } from "@/lib/provider/dta";
import { hashMatches } from "@/lib/provider/facts";
import { documentIdSegment } from "@/lib/provider/ids";
import { notArchived, refuseMismatch } from "./archived";
import { claimToSend } from "./claim";
import type { ConfirmContext } from "./context";
import { held, failure, type ConfirmResult } from "./results";
import { knownFrom, type Known } from "./known";
import { sendOnce } from "./put";

/**
 * Confirmations (docs/architecture.md, "Confirm"): archive, intent row `pending`, exactly one PUT, outcome. Invariant:
 * a PUT goes out only for the caller that moved the intent row from nothing or `failed` to `pending`; every other
 * attempt, here or on another instance, returns without sending. The claim names this instance and the PUT's deadline,
 * so nobody judges it while it may be under way, and a crash's claims are judged at once.
 */

export type { ConfirmContext, ConfirmResult };

/**
 * Confirms one document, in the steps of docs/architecture.md ("Confirm"). Never throws for the
 * provider's or the archive's reasons: the outcome is a value, so a bulk run goes on with the next
 * document. `read`: a bulk run's read of it (known.ts).
 */
export async function confirmOne(
  ctx: ConfirmContext,
  documentid: string,
  kdInput?: string,
  read?: Map<string, Known>,
): Promise<ConfirmResult> {
  const kd = kdOf(ctx.connection, kdInput);
  try {
    documentIdSegment(documentid);
  } catch (err) {
    return { documentid, state: "failed", error: failure(err, "delivery.confirm.notFetched") };
  }
  // 1. The record: a document someone holds (pending, unknown, confirmed) is reported as it stands.
  const before = await knownFrom(ctx, documentid, read);
  const heldBefore = held(documentid, before);
  if (heldBefore) return heldBefore;
  // 2. The archived bytes. Other bytes than the provider describes are never confirmed.
  const archived = await ensureArchived(ctx, documentid, kd, before).catch((err: unknown) =>
    notArchived(ctx, documentid, err),
  );
  if ("state" in archived) return archived;
  if (archived.check && !hashMatches(archived.check)) {
    return {
      documentid,
      state: "failed",
      error: await refuseMismatch(ctx.db, { ...ctx, documentid, check: archived.check, fetched: archived.fetched }),
    };
  }
  // 3. The claim, with the token had and the PUT's deadline set.
  const claimed = await claimToSend(ctx, documentid, kd, archived);
  if ("state" in claimed) return claimed;
  // 4. and 5. The one PUT, and its outcome on the record.
  return sendOnce(ctx, documentid, kd, claimed.deadline);
}
