import "server-only";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { drainThenCancel } from "@/lib/api/body";
import { safeContentType, sanitiseFilename } from "@/lib/connections/files";
import type { Db } from "@/lib/db/client";
import { AppError, type FieldError } from "@/lib/errors";
import { openSink } from "@/lib/archive/write";
import type { ArchivedFile, ArchiveSink } from "@/lib/archive/sink";
import { parseWith } from "@/lib/api/validation";
import { MAX_METADATA_BYTES, OutboxFields, type OutboxFieldsInput } from "./schemas";

/**
 * An upload read as it streams (docs/architecture.md, "Outbox"): the one file part goes straight
 * into the content-addressed archive, the text parts are bounded, and past the size limit the
 * request is refused (413) while it streams, its partial bytes aborted (nothing stays in the
 * archive or its tmp/). The archive commits only once the whole body was read and the fields are
 * valid, so a refused upload leaves nothing behind.
 */

export type Upload = { file: ArchivedFile; filename: string; contentType: string; fields: OutboxFieldsInput };

const TEXT_FIELDS = new Set(["doctype", "doctypeversion", "kd", "metadata"]);
/** Room in a declared Content-Length for the part headers and text fields beside the file. */
const FORM_OVERHEAD = MAX_METADATA_BYTES + 64 * 1024;

const uploadTooLarge = (maxBytes: number) =>
  new AppError(413, "payload_too_large", "outboxApi.tooLarge", {
    vars: { mb: Math.round((maxBytes / (1024 * 1024)) * 10) / 10 },
  });
const badForm = (fields: FieldError[]) => new AppError(400, "validation", "error.validation", { fields });

type Parse = {
  fields: Record<string, string>;
  sink?: Promise<ArchiveSink>;
  file?: Readable;
  filename?: string;
  contentType?: string;
  /** The first reason to refuse the upload (an AppError), or a failure of our own. */
  problem?: unknown;
  /** The file part's bytes all handed to the sink; never rejects (a failure is the problem). */
  done: Promise<void>;
};

/** Starts busboy on the form; the file part is written to an archive sink as it arrives. */
function startParser(db: Db, contentType: string, maxBytes: number) {
  const bb = busboy({
    headers: { "content-type": contentType },
    // Browsers send a file's name as UTF-8; busboy's default (latin1) turns "Übersicht.pdf" into "Ã\u009cbersicht.pdf".
    defParamCharset: "utf8",
    limits: { fileSize: maxBytes, files: 1, fields: 8, parts: 12, fieldSize: MAX_METADATA_BYTES, fieldNameSize: 100 },
  });
  const parse: Parse = { fields: {}, done: Promise.resolve() };
  const fail = (problem: unknown) => (parse.problem ??= problem);
  bb.on("field", (name: string, value: string, info: { valueTruncated: boolean }) => {
    if (!TEXT_FIELDS.has(name)) return;
    if (info.valueTruncated)
      fail(badForm([{ path: name, message: "validation.tooLong", vars: { max: MAX_METADATA_BYTES } }]));
    parse.fields[name] = value;
  });
  bb.on("file", (name: string, stream: Readable, info: { filename?: string; mimeType?: string }) => {
    if (name !== "file" || parse.sink) return void stream.resume();
    parse.file = stream;
    parse.filename = sanitiseFilename(info.filename) || "dokument";
    parse.contentType = safeContentType(info.mimeType);
    const sink = (parse.sink = openSink(db));
    stream.on("limit", () => fail(uploadTooLarge(maxBytes)));
    parse.done = (async () => {
      try {
        const s = await sink;
        for await (const chunk of stream as AsyncIterable<Buffer>) if (!parse.problem) await s.write(chunk);
      } catch (err) {
        // No archive (a full disk, say): the rest of the part is read and dropped, the upload refused.
        fail(err);
        stream.resume();
      }
    })();
  });
  return { bb, parse };
}

/** Resolves on busboy's next `event`, or on an error (which `feed` has recorded). */
function next(bb: busboy.Busboy, event: "drain" | "close"): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      bb.off(event, done);
      bb.off("error", done);
      resolve();
    };
    bb.on(event, done);
    bb.on("error", done);
  });
}

/**
 * Feeds the request body to busboy with backpressure, stopping at the first problem; the rest of a refused body is
 * drained.
 */
async function feed(req: Request, bb: busboy.Busboy, parse: Parse, maxBytes: number): Promise<void> {
  const reader = req.body!.getReader();
  let broken = false;
  bb.on("error", () => (broken = true));
  for (;;) {
    if (parse.problem || broken) return void drainThenCancel(reader, maxBytes + FORM_OVERHEAD);
    const { done, value } = await reader.read();
    if (done) break;
    if (!bb.write(value)) await next(bb, "drain");
  }
  const closed = next(bb, "close");
  bb.end();
  await closed;
  if (broken) parse.problem ??= badForm([{ path: "(body)", message: "outboxApi.badForm" }]);
}

/**
 * Reads `POST /api/connections/{id}/outbox`'s form: the file into the archive (committed), the
 * text fields validated. Throws 413 past `maxBytes` (by Content-Length, else while streaming) and
 * 400 naming the field for a bad field or a missing file part.
 */
export async function readUpload(db: Db, req: Request, maxBytes: number): Promise<Upload> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !req.body)
    throw badForm([{ path: "file", message: "outboxApi.notMultipart" }]);
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD) {
    drainThenCancel(req.body.getReader(), maxBytes + FORM_OVERHEAD);
    throw uploadTooLarge(maxBytes);
  }
  const { bb, parse } = startParser(db, contentType, maxBytes);
  let sink: ArchiveSink | undefined;
  try {
    await feed(req, bb, parse, maxBytes);
    // A refused body is no longer fed: its file part would never end by itself.
    if (parse.problem) parse.file?.destroy();
    await parse.done;
    sink = await parse.sink?.catch(() => undefined);
    if (parse.problem) throw parse.problem;
    if (!sink) throw badForm([{ path: "file", message: "validation.required" }]);
    const fields = parseWith(OutboxFields, parse.fields);
    return { file: await sink.commit(), filename: parse.filename!, contentType: parse.contentType!, fields };
  } catch (err) {
    // Refused, or the client went away midway: the file part is ended and its archive write aborted.
    bb.destroy();
    parse.file?.destroy();
    await parse.done;
    await (sink ?? (await parse.sink?.catch(() => undefined)))?.abort().catch(() => undefined);
    throw err;
  }
}
