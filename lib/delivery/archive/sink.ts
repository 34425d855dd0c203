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
export const archivedFile = (done: { sha256: string; bytes: number; extra?: string }, extra?: HashAlgorithm): ArchivedFile => ({
  sha256: done.sha256,
  bytes: done.bytes,
  ...(extra && done.extra && { digest: { algorithm: extra, hex: done.extra } }),
});

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
export const RESOLVED = Promise.resolve();

/**
 * Copies chunks into batch buffers of BATCH_BYTES (taken from the worker's pool, so they can be
 * given away) handed to `flush` one after another, full ones as they fill and the last one on
 * `drain`. A failed flush fails every later `write` and `drain`.
 */
export function batcher(flush: (batch: ArrayBuffer, length: number) => Promise<void>) {
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
      for (let at = 0; at < chunk.byteLength;) {
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
