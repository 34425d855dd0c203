import "server-only";
import { recordEvent } from "@/lib/audit/audit";
import { log } from "@/lib/log";
import { countConfirmation } from "@/lib/process/metrics";
import { ProviderError } from "@/lib/provider/errors";
import { expectedHash, type HashCheck } from "@/lib/provider/facts";
import type { Fetched } from "@/lib/archive/fetched";
import { isArchived } from "@/lib/archive/read";
import type { ArchivedFile } from "@/lib/archive/sink";
import { archiveStream } from "@/lib/archive/write";
import { checkHash, ensureFacts, extraDigest, knownCheck } from "../file-facts";
import type { ConfirmContext } from "./context";
import { known, knownThroughTwins } from "./known";
import { failure, held, OWN_WORDS, type ConfirmResult } from "./results";

/**
 * The archive step of a confirmation (one.ts): the bytes, checked against the provider's hash, or why they could not be
 * had.
 */

/** The bytes to confirm, their check against the provider's hash, and (when fetched now) what the claim records. */
export type Archived = { file: ArchivedFile; check?: HashCheck; fetched?: Fetched };

/**
 * The bytes of the document in the archive, checked against the provider's hash (file-facts.ts):
 * those recorded before, when their check against the hash now given is known, or fetched now
 * (then `fetched` is what the claim records with them).
 */
export async function ensureArchived(
  ctx: ConfirmContext,
  documentid: string,
  kd: string,
  before: { archived?: ArchivedFile; check?: HashCheck | null },
): Promise<Archived> {
  const expected = expectedHash(
    (await ensureFacts(ctx.db, ctx.connection, ctx.client, documentid, kd))?.facts.hashvalue ?? null,
  );
  const reused = before.archived && knownCheck(expected, before.archived, before.check ?? null);
  if (before.archived && reused !== false && (await isArchived(ctx.db, before.archived.sha256)))
    return { file: before.archived, check: reused };
  const data = await ctx.client.data(documentid, kd ? { kd } : {});
  const file = await archiveStream(ctx.db, data.body, extraDigest(expected));
  const check = checkHash(expected, file);
  const fetched: Fetched = {
    connection: ctx.connection,
    documentid,
    kd,
    actor: ctx.actor,
    file,
    contentType: data.contentType,
    filename: data.filename,
    via: "confirm",
    check,
  };
  return { file, check, fetched };
}

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
