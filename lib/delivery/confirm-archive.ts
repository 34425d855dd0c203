import "server-only";
import type { Actor } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import type { ProviderClient } from "@/lib/provider/client";
import { expectedHash, type HashCheck } from "@/lib/provider/facts";
import type { Fetched } from "./archive/fetched";
import { isArchived } from "./archive/read";
import type { ArchivedFile } from "./archive/sink";
import { archiveStream } from "./archive/write";
import { checkHash, ensureFacts, extraDigest, knownCheck } from "./file-facts";

/** The archive step of a confirmation (confirm.ts), apart so that it can check the provider's hash. */

/** What a confirmation works with: the database, the connection, its provider client and who confirms. */
export type ConfirmContext = { db: Db; connection: ConnectionRow; client: ProviderClient; actor: Actor };

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
  const expected = expectedHash((await ensureFacts(ctx.db, ctx.connection, ctx.client, documentid, kd))?.facts.hashvalue ?? null);
  const reused = before.archived && knownCheck(expected, before.archived, before.check ?? null);
  if (before.archived && reused !== false && (await isArchived(ctx.db, before.archived.sha256))) return { file: before.archived, check: reused };
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
