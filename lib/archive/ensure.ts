import "server-only";
import type { Actor } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import type { ProviderClient } from "@/lib/provider/client";
import { expectedHash, type HashCheck } from "@/lib/provider/facts";
import { checkHash, ensureFacts, extraDigest, knownCheck } from "./facts";
import type { Fetched } from "./fetched";
import { isArchived } from "./read";
import type { ArchivedFile } from "./sink";
import { archiveStream } from "./write";

/**
 * A document's bytes into the archive before they are used, checked against the provider's hash: the step a
 * confirmation takes before it confirms (lib/delivery/confirm/one.ts) and a hand-off before it hands on
 * (lib/handoffs/archive-first.ts). Bytes that do not match are archived and reported, never hidden.
 */

/** Who fetches: the database, the connection, its provider client and the person (a confirmation's context is one). */
export type FetchContext = { db: Db; connection: ConnectionRow; client: ProviderClient; actor: Actor };

/** The bytes, their check against the provider's hash, and (when fetched now) what the caller records with them. */
export type Archived = { file: ArchivedFile; check?: HashCheck; fetched?: Fetched };

/**
 * The bytes of the document in the archive, checked against the provider's hash (./facts.ts):
 * those recorded before, when their check against the hash now given is known, or fetched now
 * (then `fetched` is what the caller records with them).
 */
export async function ensureArchived(
  ctx: FetchContext,
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
