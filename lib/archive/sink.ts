import "server-only";
import type { HashAlgorithm } from "@/lib/provider/facts";
import { BATCH_BYTES, takeBatchBuffer } from "./worker";

/**
 * The content-addressed archive (docs/architecture.md, "Archive before confirm"): bytes are named
 * by their SHA-256. In a directory, a file is written to tmp/, fsynced, renamed into place and its
 * directory fsynced, so a crash leaves either the whole file or none. In the database, chunks are
 * written as they stream under a new blob id that gets its hash only when complete.
 */

/** `digest`: the extra digest asked for when the sink was opened (a provider's hash to check). */
export type ArchivedFile = { sha256: string; bytes: number; digest?: { algorithm: HashAlgorithm; hex: string } };

/** The file as the hash job finished it, with its extra digest named. */
export const archivedFile = (
  done: { sha256: string; bytes: number; extra?: string },
  extra?: HashAlgorithm,
): ArchivedFile => ({
  sha256: done.sha256,
  bytes: done.bytes,
  ...(extra && done.extra && { digest: { algorithm: extra, hex: done.extra } }),
});

/** Receives a file's chunks while they stream; `commit` makes it durable and names it. */
export type ArchiveSink = {
  /**
   * Takes a chunk, keeping it (so it must not change afterwards) until its batch is written;
   * resolves at once unless more than the batcher's MAX_IN_FLIGHT_BYTES wait to be written.
   */
  write: (chunk: Uint8Array) => Promise<void>;
  commit: () => Promise<ArchivedFile>;
  abort: () => Promise<void>;
};

/**
 * How many batches a sink writes at once by default: a directory's writes go one after another
 * to one file on the worker, so a second one under way would only wait there.
 */
const ONE_AT_A_TIME = 1;
export const RESOLVED = Promise.resolve();

/**
 * Batches of BATCH_BYTES (from the worker's pool, so they can be given away) go to `flush` in order, up to `window` at
 * once; what must stay in order (the hash) `flush` orders itself. `write` waits past `window + 1` batches in flight;
 * after a failed flush every later `write` and `drain` fails and no flush starts (docs/architecture.md, "View").
 */
export function batcher(flush: (batch: ArrayBuffer, length: number) => Promise<void>, window = ONE_AT_A_TIME) {
  const MAX_IN_FLIGHT_BYTES = (window + 1) * BATCH_BYTES;
  let batch: Uint8Array | undefined;
  let size = 0;
  let inFlight = 0;
  let running = 0;
  /** Batches waiting for a free place in the window, oldest first. */
  const waiting: (() => void)[] = [];
  /** Every flush not yet settled, oldest first. */
  const unsettled: Promise<void>[] = [];
  let failure: { err: unknown } | undefined;
  const send = () => {
    const full = batch!.buffer as ArrayBuffer;
    const length = size;
    batch = undefined;
    size = 0;
    inFlight += length;
    const done = new Promise<void>((resolve, reject) => {
      const start = () => {
        running++;
        (failure ? Promise.reject(failure.err) : flush(full, length))
          .then(
            () => void (inFlight -= length),
            (err: unknown) => {
              failure ??= { err };
              throw err;
            },
          )
          .finally(() => {
            running--;
            unsettled.splice(unsettled.indexOf(done), 1);
            waiting.shift()?.();
          })
          .then(resolve, reject);
      };
      if (running < window) start();
      else waiting.push(start);
    });
    done.catch(() => undefined);
    unsettled.push(done);
  };
  return {
    write(chunk: Uint8Array): Promise<void> {
      if (failure) return Promise.reject(failure.err);
      for (let at = 0; at < chunk.byteLength;) {
        batch ??= new Uint8Array(takeBatchBuffer());
        const n = Math.min(chunk.byteLength - at, BATCH_BYTES - size);
        batch.set(chunk.subarray(at, at + n), size);
        size += n;
        at += n;
        if (size === BATCH_BYTES) send();
      }
      // The oldest batch under way frees its place first (a later one that finished before it waits for it).
      return inFlight > MAX_IN_FLIGHT_BYTES ? unsettled[0]! : RESOLVED;
    },
    /** Sends what is gathered and resolves when every batch is written. */
    async drain(): Promise<void> {
      if (size > 0) send();
      await Promise.all(unsettled);
      // A batch that failed earlier has settled and left `unsettled`; its failure still stands.
      if (failure) throw failure.err;
    },
  };
}
