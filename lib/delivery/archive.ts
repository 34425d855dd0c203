import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryBlobChunks, deliveryBlobs } from "@/lib/db/schema/delivery";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
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
  write: (chunk: Uint8Array) => Promise<void>;
  commit: () => Promise<ArchivedFile>;
  abort: () => Promise<void>;
};

const DB_CHUNK_BYTES = 1024 * 1024;

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

async function dirSink(dir: string): Promise<ArchiveSink> {
  const tmpDir = path.join(dir, "tmp");
  const tmp = path.join(tmpDir, randomUUID());
  const file: FileHandle = await inDir(tmpDir, () => open(tmp, "wx", 0o600));
  const hash = createHash("sha256");
  let bytes = 0;
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await file.close();
    }
  };
  return {
    async write(chunk) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      await file.write(chunk);
    },
    async commit() {
      await file.sync();
      await close();
      const sha256 = hash.digest("hex");
      const target = shaPath(dir, sha256);
      await inDir(path.dirname(target), () => rename(tmp, target));
      await fsyncDir(path.dirname(target));
      return { sha256, bytes };
    },
    async abort() {
      await close().catch(() => undefined);
      await rm(tmp, { force: true });
    },
  };
}

async function dbSink(db: Db): Promise<ArchiveSink> {
  const id = randomUUID();
  await db.insert(deliveryBlobs).values({ id });
  const hash = createHash("sha256");
  let bytes = 0;
  let seq = 0;
  let buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  const flush = async () => {
    if (bufferedBytes === 0) return;
    const data = Buffer.concat(buffered, bufferedBytes);
    buffered = [];
    bufferedBytes = 0;
    await db.insert(deliveryBlobChunks).values({ blobId: id, seq: seq++, data });
  };
  return {
    async write(chunk) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      buffered.push(chunk);
      bufferedBytes += chunk.byteLength;
      if (bufferedBytes >= DB_CHUNK_BYTES) await flush();
    },
    async commit() {
      await flush();
      const sha256 = hash.digest("hex");
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

/** How many bytes may wait for the archive while the browser side goes on. */
const ARCHIVE_LAG_BYTES = 8 * 1024 * 1024;

/**
 * Passes a file's stream on unchanged while writing it into the archive. The browser side is not
 * held up by the disk until the archive lags by ARCHIVE_LAG_BYTES. The stream ends as soon as the
 * last byte is handed on; the rest of the writes, the durable commit and `onArchived` run right
 * after, tracked for `document` (pending-archives.ts) so that a confirmation of the document and
 * a shutdown wait for them. A finished download therefore does not yet mean an archived file.
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
  let writes: Promise<void> = Promise.resolve();
  let lag = 0;
  let failed = false;
  const fail = (err: unknown) => {
    if (!failed) log().error({ err }, "archiving a streamed file failed");
    failed = true;
  };
  const getSink = () => (sink ??= openSink(db).catch((err: unknown) => (fail(err), null)));
  /** After the last byte: the writes still queued, the commit and its record. Never rejects. */
  const finish = async () => {
    await writes;
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
        const { done, value } = await reader.read();
        if (done) {
          // Tracked before the browser can see the end, so a confirmation that follows finds it.
          trackPendingArchive(pendingKey(document.connectionId, document.documentid), finish());
          controller.close();
          return;
        }
        controller.enqueue(value);
        lag += value.byteLength;
        writes = writes.then(async () => {
          const s = await getSink();
          if (s && !failed) await s.write(value).catch(fail);
          lag -= value.byteLength;
        });
        if (lag > ARCHIVE_LAG_BYTES) await writes;
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => undefined);
        await writes;
        const s = await getSink();
        await s?.abort().catch(() => undefined);
      },
    },
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
}

/** Reads a whole stream into the archive (for a confirmation: no browser is waiting). */
export async function archiveStream(db: Db, body: ReadableStream<Uint8Array>): Promise<ArchivedFile> {
  const sink = await openSink(db);
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) await sink.write(chunk);
    return await sink.commit();
  } catch (err) {
    await sink.abort().catch(() => undefined);
    throw err;
  }
}
