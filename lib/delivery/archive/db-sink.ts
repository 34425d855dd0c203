import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryBlobChunks, deliveryBlobs } from "@/lib/db/schema/delivery";
import type { HashAlgorithm } from "@/lib/provider/facts";
import { archivedFile, batcher, type ArchiveSink } from "./sink";
import { openHashJob } from "./worker";

/** Each batch is one chunk row, then hashed by the archive worker (given to it once the row is written). */
export async function dbSink(db: Db, extra?: HashAlgorithm): Promise<ArchiveSink> {
  const id = randomUUID();
  await db.insert(deliveryBlobs).values({ id });
  const job = await openHashJob(undefined, extra).catch(async (err: unknown) => {
    await db.delete(deliveryBlobs).where(eq(deliveryBlobs.id, id));
    throw err;
  });
  let seq = 0;
  let aborted = false;
  const out = batcher(async (batch, length) => {
    if (aborted) return;
    await db.insert(deliveryBlobChunks).values({ blobId: id, seq: seq++, data: Buffer.from(batch, 0, length) });
    await job.write(batch, length);
  });
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
