import "server-only";
import { recordEvent, type Actor } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { ALGORITHM_NAMES } from "@/lib/format";
import { log } from "@/lib/log";
import { countConfirmation } from "@/lib/process/metrics";
import { ProviderError } from "@/lib/provider/errors";
import type { HashCheck } from "@/lib/provider/facts";
import { recordFetched, type Fetched } from "@/lib/archive/fetched";
import type { ConfirmContext } from "./context";
import { known, knownThroughTwins } from "./known";
import { failure, held, OWN_WORDS, type ConfirmResult } from "./results";

/**
 * The archive step of a confirmation (one.ts) when it does not give bytes to confirm: they could not be had, or they
 * are not the bytes the provider describes. The step itself, the bytes fetched and checked against the provider's
 * hash, is lib/archive/ensure.ts (`ensureArchived`), which a hand-off takes too.
 */

/**
 * The bytes could not be had. Another run (a second tab, another instance, another user's
 * connection to the same account) may have confirmed the document meanwhile, and a provider no
 * longer serves a confirmed document: that is reported as it stands, not as a failure.
 */
export async function notArchived(ctx: ConfirmContext, documentid: string, err: unknown): Promise<ConfirmResult> {
  const heldNow =
    held(documentid, await known(ctx, documentid)) ?? held(documentid, await knownThroughTwins(ctx, documentid));
  if (heldNow) return heldNow;
  const error = failure(err, "delivery.confirm.archiveFailed");
  log().warn(
    { connectionId: ctx.connection.id, code: error.code, err: err instanceof ProviderError ? err.kind : err },
    "not confirmed: bytes not archived",
  );
  await recordEvent(ctx.db, {
    kind: "fetch",
    actor: ctx.actor,
    connectionId: ctx.connection.id,
    documentid,
    detail: { ok: false, via: "confirm", error: error.code, providerStatus: error.providerStatus },
  });
  countConfirmation("failed");
  return {
    documentid,
    state: "failed",
    error: OWN_WORDS.has(error.code) ? error : { ...error, messageKey: "delivery.confirm.notFetched" },
  };
}

/**
 * A confirmation refused because the provider delivered other bytes than it describes: the
 * fetch that found it is recorded (row and event, when the bytes are new), then the refusal, as
 * an outcome that sent nothing. The answer is 409 `hash_mismatch` (docs/api.md).
 */
export async function refuseMismatch(
  db: Db,
  input: { connection: ConnectionRow; documentid: string; actor: Actor; check: HashCheck; fetched?: Fetched },
) {
  if (input.fetched) await recordFetched(db, input.fetched);
  await recordEvent(db, {
    kind: "confirm.outcome",
    actor: input.actor,
    connectionId: input.connection.id,
    documentid: input.documentid,
    detail: {
      state: "failed",
      code: "hash_mismatch",
      sent: false,
      algorithm: input.check.algorithm,
      expected: input.check.hex,
      actual: input.check.actual,
    },
  });
  countConfirmation("failed");
  const vars = {
    algorithm: ALGORITHM_NAMES[input.check.algorithm],
    expected: input.check.hex,
    actual: input.check.actual,
  };
  return { code: "hash_mismatch" as const, messageKey: "fileFacts.confirm.hashMismatch" as const, vars, status: 409 };
}
