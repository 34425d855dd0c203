import "server-only";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryBlobChunks, deliveryBlobs } from "@/lib/db/schema/delivery";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { BATCH_BYTES, openHashJob, takeBatchBuffer } from "./archive-worker";
import { ensureFreeSpace } from "./archive-space";
import { pendingKey, trackPendingArchive } from "./pending-archives";

/**
 * The content-addressed archive (docs/architecture.md, "Archive before confirm"): bytes are named
 * by their SHA-256. In a directory, a file is written to tmp/, fsynced, renamed into place and its
 * directory fsynced, so a crash leaves either the whole file or none. In the database, chunks are
 * written as they stream under a new blob id that gets its hash only when complete.
 */

export type ArchivedFile = { sha256: string; bytes: number };

/** Receives a file's chunks while they stream; `commit` makes it durable and names it. */
export type ArchiveSink = {
  /**
   * Takes a chunk, keeping it (so it must not change afterwards) until its batch is written;
   * resolves at once unless more than MAX_IN_FLIGHT_BYTES wait to be written.
   */
  write: (chunk: Uint8Array) => Promise<void>;
  commit: () => Promise<ArchivedFile>;
  abort: () => Promise<void>;
};

/** How many bytes may wait for the archive before `write` holds the stream back. */
const MAX_IN_FLIGHT_BYTES = 2 * BATCH_BYTES;
const RESOLVED = Promise.resolve();

/**
 * Copies chunks into batch buffers of BATCH_BYTES (taken from the worker's pool, so they can be
 * given away) handed to `flush` one after another, full ones as they fill and the last one on
 * `drain`. A failed flush fails every later `write` and `drain`.
 */
function batcher(flush: (batch: ArrayBuffer, length: number) => Promise<void>) {
  let batch: Uint8Array | undefined;
  let size = 0;
  let inFlight = 0;
  let chain = RESOLVED;
  let failure: { err: unknown } | undefined;
  const send = () => {
    const full = batch!.buffer as ArrayBuffer;
    const length = size;
    batch = undefined;
    size = 0;
    inFlight += length;
    chain = chain.then(async () => {
      try {
        await flush(full, length);
      } catch (err) {
        failure ??= { err };
        throw err;
      }
      inFlight -= length;
    });
    chain.catch(() => undefined);
  };
  return {
    write(chunk: Uint8Array): Promise<void> {
      if (failure) return Promise.reject(failure.err);
      for (let at = 0; at < chunk.byteLength; ) {
        batch ??= new Uint8Array(takeBatchBuffer());
        const n = Math.min(chunk.byteLength - at, BATCH_BYTES - size);
        batch.set(chunk.subarray(at, at + n), size);
        size += n;
        at += n;
        if (size === BATCH_BYTES) send();
      }
      return inFlight > MAX_IN_FLIGHT_BYTES ? chain : RESOLVED;
    },
    /** Sends what is gathered and resolves when every batch is written. */
    drain(): Promise<void> {
      if (size > 0) send();
      return chain;
    },
  };
}

export function openSink(db: Db): Promise<ArchiveSink> {
  const where = env().archive;
  return where.kind === "dir" ? dirSink(where.dir) : dbSink(db);
}

const shaPath = (dir: string, sha: string) => path.join(dir, sha.slice(0, 2), sha);

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Directories this process made (or found) already: not made again for every file. */
const madeDirs = new Set<string>();

/** Runs `op` in directory `dir`, making the directory first when it is not known to exist (or was removed). */
async function inDir<T>(dir: string, op: () => Promise<T>): Promise<T> {
  if (madeDirs.has(dir)) {
    try {
      return await op();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      madeDirs.delete(dir);
    }
  }
  await mkdir(dir, { recursive: true });
  madeDirs.add(dir);
  return op();
}

/** The file is written and hashed by the archive worker; rename and directory fsync happen here. */
async function dirSink(dir: string): Promise<ArchiveSink> {
  const tmpDir = path.join(dir, "tmp");
  const tmp = path.join(tmpDir, randomUUID());
  const job = await inDir(tmpDir, async () => {
    await ensureFreeSpace(tmpDir);
    return openHashJob(tmp);
  });
  let aborted = false;
  const out = batcher((batch, length) => (aborted ? RESOLVED : job.write(batch, length)));
  return {
    write: (chunk) => out.write(chunk),
    async commit() {
      await out.drain();
      const { sha256, bytes } = await job.finish();
      const target = shaPath(dir, sha256);
      await inDir(path.dirname(target), () => rename(tmp, target));
      await fsyncDir(path.dirname(target));
      return { sha256, bytes };
    },
    async abort() {
      aborted = true;
      await job.abort().catch(() => undefined);
      await rm(tmp, { force: true });
    },
  };
}

/** Each batch is one chunk row, then hashed by the archive worker (given to it once the row is written). */
async function dbSink(db: Db): Promise<ArchiveSink> {
  const id = randomUUID();
  await db.insert(deliveryBlobs).values({ id });
  const job = await openHashJob().catch(async (err: unknown) => {
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
      const { sha256, bytes } = await job.finish();
      // The same bytes archived before (or by another instance at this moment): keep one copy.
      const named = await db
        .update(deliveryBlobs)
        .set({ sha256, bytes })
        .where(and(eq(deliveryBlobs.id, id), isNull(deliveryBlobs.sha256)))
        .returning({ id: deliveryBlobs.id })
        .catch(() => []);
      if (named.length === 0) await db.delete(deliveryBlobs).where(eq(deliveryBlobs.id, id));
      return { sha256, bytes };
    },
    async abort() {
      aborted = true;
      await job.abort().catch(() => undefined);
      await db.delete(deliveryBlobs).where(eq(deliveryBlobs.id, id));
    },
  };
}

/** Whether these bytes are in the archive (so they need not be fetched again). */
export async function isArchived(db: Db, sha256: string): Promise<boolean> {
  const where = env().archive;
  if (where.kind === "dir") return stat(shaPath(where.dir, sha256)).then(() => true, () => false);
  const [row] = await db.select({ id: deliveryBlobs.id }).from(deliveryBlobs).where(eq(deliveryBlobs.sha256, sha256)).limit(1);
  return row !== undefined;
}

/** The archived bytes of a hash, streamed (never read whole), or null when they are not there. */
export async function openArchived(db: Db, sha256: string): Promise<{ bytes: number; stream: ReadableStream<Uint8Array> } | null> {
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

/**
 * Passes a file's stream on unchanged while writing it into the archive. The browser side is held
 * up only when the archive lags by more than MAX_IN_FLIGHT_BYTES. The stream ends as soon as the
 * last byte is handed on; the rest of the writes, the durable commit and `onArchived` run right
 * after, tracked for `document` (pending-archives.ts) so that a confirmation of the document and a
 * shutdown wait for them. A finished download therefore does not yet mean an archived file.
 * A failing archive is logged and the bytes still reach the browser.
 */
export function teeToArchive(
  db: Db,
  body: ReadableStream<Uint8Array>,
  onArchived: (file: ArchivedFile) => Promise<void>,
  document: { connectionId: string; documentid: string },
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sink: Promise<ArchiveSink | null> | undefined;
  let opened: ArchiveSink | null | undefined;
  let failed = false;
  const fail = (err: unknown) => {
    if (!failed) log().error({ err }, "archiving a streamed file failed");
    failed = true;
  };
  // Opened on the first pull (not before: a body nobody reads leaves no file behind).
  const getSink = () =>
    (sink ??= openSink(db).then(
      (s) => (opened = s),
      (err: unknown) => (fail(err), (opened = null)),
    ));
  /** After the last byte: the batches still waiting, the commit and its record. Never rejects. */
  const finish = async () => {
    const s = await getSink();
    if (!s || failed) return void (await s?.abort().catch(() => undefined));
    let file: ArchivedFile;
    try {
      file = await s.commit();
    } catch (err) {
      fail(err);
      return void (await s.abort().catch(() => undefined));
    }
    await onArchived(file).catch((err: unknown) => log().error({ err, sha256: file.sha256 }, "recording an archived file failed"));
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        void getSink();
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (err) {
          // The provider's stream failed (cut off, too large, stalled): nothing of it is kept.
          failed = true;
          await (await getSink())?.abort().catch(() => undefined);
          throw err;
        }
        const { done, value } = read;
        if (done) {
          // Tracked before the browser can see the end, so a confirmation that follows finds it.
          trackPendingArchive(pendingKey(document.connectionId, document.documentid), finish());
          controller.close();
          return;
        }
        controller.enqueue(value);
        if (failed) return;
        const s = opened === undefined ? await getSink() : opened;
        if (s && !failed) await s.write(value).catch(fail);
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => undefined);
        const s = await getSink();
        await s?.abort().catch(() => undefined);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
}

/** Reads a whole stream into the archive (for a confirmation: no browser is waiting); a failure keeps nothing of it. */
export async function archiveStream(db: Db, body: ReadableStream<Uint8Array>): Promise<ArchivedFile> {
  let sink: ArchiveSink;
  try {
    sink = await openSink(db);
  } catch (err) {
    await body.cancel().catch(() => undefined);
    throw err;
  }
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) await sink.write(chunk);
    return await sink.commit();
  } catch (err) {
    await sink.abort().catch(() => undefined);
    throw err;
  }
}
