import "server-only";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { ProviderError } from "./errors";
import type { ProviderResponse } from "./http";
import type { Payload, Requester } from "./request";
import { judgeAnswer, judgeNoAnswer, type SendOutcome } from "./send-answer";
import type { CallOptions } from "./service";

/** A file to upload: its bytes are opened when the request is made, and streamed (never held whole). */
export type OutgoingFile = {
  filename: string;
  contentType: string;
  bytes: number;
  open: () => Promise<ReadableStream<Uint8Array>>;
  /** Text parts besides the file (doctype, doctypeversion, metadata as JSON), in this order. */
  fields: [name: string, value: string][];
};

/** How much of an answer's body is read to find its status object or an excerpt; the rest is dropped. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** A quoted-string of a part header: quotes and line breaks percent-encoded (as browsers do, RFC 7578). */
const quoted = (v: string) => `"${v.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`;

/**
 * The upload as `multipart/form-data`: the text parts, then the file part, its bytes read from
 * `file.open()` as the socket takes them. The length is known beforehand, so it is sent with a
 * Content-Length (no chunked encoding, which some servers refuse for uploads).
 */
export function multipartPayload(
  file: OutgoingFile,
  boundary = `----arge-${randomBytes(12).toString("hex")}`,
): Payload {
  const field = ([name, value]: [string, string]) =>
    `--${boundary}\r\ncontent-disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${file.fields.map(field).join("")}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename=${quoted(file.filename)}\r\n` +
      `content-type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    const stream = await file.open();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) yield chunk;
    yield tail;
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + file.bytes + tail.length),
    },
  };
}

/** The start of an answer's body as text, at most MAX_ANSWER_BYTES; a body that fails midway gives what came. */
export async function answerStart(res: ProviderResponse): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      const piece = (chunk as Buffer).subarray(0, MAX_ANSWER_BYTES - size);
      chunks.push(piece);
      size += piece.length;
      if (size >= MAX_ANSWER_BYTES) break;
    }
  } catch {
    // The status line was seen; what the body would have added is not needed to judge it.
  }
  res.body.destroy();
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Uploads one file to `{base_url}/v1/documents/in`, attempted exactly once (a write: never
 * retried, not on 5xx, 429 or a reset), within one deadline of PROVIDER_TIMEOUT_MS. Never throws
 * for the provider's reasons: the outcome is a value (send-answer.ts).
 */
export async function sendDocument(req: Requester, file: OutgoingFile, opts: CallOptions = {}): Promise<SendOutcome> {
  const url = new URL(`${req.root.href.replace(/\/out$/, "")}/in`);
  let res: ProviderResponse;
  try {
    res = await req.call(
      url,
      "POST",
      "write",
      "application/json, application/xml;q=0.9, */*;q=0.1",
      opts,
      opts.deadline ?? true,
      () => multipartPayload(file),
    );
  } catch (err) {
    const e = err instanceof ProviderError ? err : new ProviderError("unexpected", { cause: err });
    // Refused by the guard, or no token for it: nothing left this process.
    return judgeNoAnswer(e.details.sent !== false && e.kind !== "refused" && e.kind !== "auth");
  }
  return judgeAnswer(res.status, await answerStart(res));
}
