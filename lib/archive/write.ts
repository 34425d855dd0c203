import "server-only";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { HashAlgorithm } from "@/lib/provider/facts";
import { countArchivedBytes } from "@/lib/process/metrics";
import { dbSink } from "./db-sink";
import { dirSink } from "./dir-sink";
import { pendingKey, trackPendingArchive } from "./pending";
import type { ArchivedFile, ArchiveSink } from "./sink";

/** The two ways into the archive: beside a view's download, or a whole stream for a confirmation. */

/** `extra`: a second digest computed in the same pass (the algorithm of a provider's hash to check). */
export function openSink(db: Db, extra?: HashAlgorithm): Promise<ArchiveSink> {
  const where = env().archive;
  return where.kind === "dir" ? dirSink(where.dir, extra) : dbSink(db, extra);
}

/**
 * Passes a file's stream on unchanged while archiving it (docs/architecture.md, "View"). The commit runs after the last
 * byte, tracked in pending.ts so a confirmation and a shutdown wait for it: a finished download is not yet an archived
 * file. A failing archive is logged and the bytes still reach the browser.
 */
export function teeToArchive(
  db: Db,
  body: ReadableStream<Uint8Array>,
  onArchived: (file: ArchivedFile) => Promise<void>,
  document: { connectionId: string; documentid: string },
  extra?: HashAlgorithm,
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
    (sink ??= openSink(db, extra).then(
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
      countArchivedBytes(file.bytes);
    } catch (err) {
      fail(err);
      return void (await s.abort().catch(() => undefined));
    }
    await onArchived(file).catch((err: unknown) =>
      log().error({ err, sha256: file.sha256 }, "recording an archived file failed"),
    );
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
export async function archiveStream(
  db: Db,
  body: ReadableStream<Uint8Array>,
  extra?: HashAlgorithm,
): Promise<ArchivedFile> {
  let sink: ArchiveSink;
  try {
    sink = await openSink(db, extra);
  } catch (err) {
    await body.cancel().catch(() => undefined);
    throw err;
  }
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) await sink.write(chunk);
    const file = await sink.commit();
    countArchivedBytes(file.bytes);
    return file;
  } catch (err) {
    await sink.abort().catch(() => undefined);
    throw err;
  }
}
