import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryBlobChunks, deliveryBlobs } from "@/lib/db/schema/delivery";
import type { HashAlgorithm } from "@/lib/provider/facts";
import { archivedFile, batcher, RESOLVED, type ArchiveSink } from "./sink";
import { openHashJob } from "./worker";

/**
 * How many chunk rows are written at once, each on its own connection of the pool and in its own
 * transaction. One after another, a download waited for every row's round trip (docs/scale.md,
 * "The database archive's throughput"); three overlap them without taking most of the pool.
 */
const CHUNKS_AT_ONCE = 3;

/**
 * Each batch is one chunk row, then hashed by the archive worker: given to it once its row is
 * written (the batch is given away then), and only after every batch before it, whose rows may
 * still be under way or written later.
 */
export async function dbSink(db: Db, extra?: HashAlgorithm): Promise<ArchiveSink> {
  const id = randomUUID();
  await db.insert(deliveryBlobs).values({ id });
  const job = await openHashJob(undefined, extra).catch(async (err: unknown) => {
    await db.delete(deliveryBlobs).where(eq(deliveryBlobs.id, id));
    throw err;
  });
  let seq = 0;
  let aborted = false;
  let hashed = RESOLVED;
  const out = batcher((batch, length) => {
    if (aborted) return RESOLVED;
    const row = db.insert(deliveryBlobChunks).values({ blobId: id, seq: seq++, data: Buffer.from(batch, 0, length) });
    const before = hashed;
    // Both must succeed: a row or a hash that failed fails this batch, and through the batcher the file.
    hashed = Promise.all([row, before]).then(() => job.write(batch, length));
    return hashed;
  }, CHUNKS_AT_ONCE);
  return {
    write: (chunk) => out.write(chunk),
    async commit() {
      await out.drain();
      const done = await job.finish();
      const { sha256, bytes } = done;
      // The same bytes archived before (or by another instance at this moment): keep one copy.
      const named = await db
        .update(deliveryBlobs)
        .set({ sha256, bytes })
        .where(and(eq(deliveryBlobs.id, id), isNull(deliveryBlobs.sha256)))
        .returning({ id: deliveryBlobs.id })
        .catch(() => []);
      if (named.length === 0) await db.delete(deliveryBlobs).where(eq(deliveryBlobs.id, id));
      return archivedFile(done, extra);
    },
    async abort() {
      aborted = true;
      await job.abort().catch(() => undefined);
      await db.delete(deliveryBlobs).where(eq(deliveryBlobs.id, id));
    },
  };
}
