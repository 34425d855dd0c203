import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryBlobChunks, deliveryBlobs } from "@/lib/db/schema/delivery";
import { env } from "@/lib/env";
import { shaPath } from "./dir-sink";

/** Whether these bytes are in the archive (so they need not be fetched again). */
export async function isArchived(db: Db, sha256: string): Promise<boolean> {
  const where = env().archive;
  if (where.kind === "dir")
    return stat(shaPath(where.dir, sha256)).then(
      () => true,
      () => false,
    );
  const [row] = await db
    .select({ id: deliveryBlobs.id })
    .from(deliveryBlobs)
    .where(eq(deliveryBlobs.sha256, sha256))
    .limit(1);
  return row !== undefined;
}

/** The archived bytes of a hash, streamed (never read whole), or null when they are not there. */
export async function openArchived(
  db: Db,
  sha256: string,
): Promise<{ bytes: number; stream: ReadableStream<Uint8Array> } | null> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const where = env().archive;
  if (where.kind === "dir") {
    const file = shaPath(where.dir, sha256);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    return { bytes: info.size, stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
  }
  const [blob] = await db.select().from(deliveryBlobs).where(eq(deliveryBlobs.sha256, sha256)).limit(1);
  if (!blob) return null;
  let next = -1;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [chunk] = await db
        .select({ seq: deliveryBlobChunks.seq, data: deliveryBlobChunks.data })
        .from(deliveryBlobChunks)
        .where(and(eq(deliveryBlobChunks.blobId, blob.id), gt(deliveryBlobChunks.seq, next)))
        .orderBy(asc(deliveryBlobChunks.seq))
        .limit(1);
      if (!chunk) return controller.close();
      next = chunk.seq;
      controller.enqueue(new Uint8Array(chunk.data));
    },
  });
  return { bytes: blob.bytes ?? 0, stream };
}
