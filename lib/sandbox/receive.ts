import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { sandboxReceived } from "@/lib/db/schema/sandbox";
import { errorResponse, type Ctx } from "./pipeline";
import { ReceivedMetadata } from "./schema";

/** The upload limit of POST /dta/v1/documents/in: 50 MiB of request body, counted as it arrives (chunked too). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const fail = (status: number, message: string) => errorResponse("dta", status, message);
const Field = z.string().max(64).optional();

/**
 * Reads and drops the rest of a refused upload for up to 5 s, so that the client gets to read the
 * 413 instead of a reset connection; then the body is cancelled. Nothing is kept.
 */
function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), 5000);
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // cancelled, or the client went away
    }
    clearTimeout(timer);
  })();
}

/**
 * The request body, or undefined once it passes `limit` bytes: a declared Content-Length is
 * checked first, and the bytes actually sent are counted as they stream (chunked bodies too).
 */
export async function readUpTo(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (Number(req.headers.get("content-length") ?? "0") > limit) {
    if (req.body) dropRest(req.body.getReader());
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      size += r.value.byteLength;
      if (size > limit) {
        dropRest(reader);
        return undefined;
      }
      chunks.push(r.value);
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** POST /v1/documents/in: multipart with `file`, optional doctype, doctypeversion, metadata (JSON array). */
export async function receiveDocument(ctx: Ctx, clientId: string, customer: string): Promise<Response> {
  if (!(ctx.req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return fail(415, "send multipart/form-data with a file part");
  }
  const body = await readUpTo(ctx.req, MAX_UPLOAD_BYTES);
  if (!body) return fail(413, "the document is too large");
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": ctx.req.headers.get("content-type")! } }).formData();
  } catch {
    return fail(400, "the multipart body could not be read");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") return fail(400, "the file part is missing");
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const doctype = Field.safeParse(text("doctype"));
  const doctypeversion = Field.safeParse(text("doctypeversion"));
  if (!doctype.success) return fail(400, "doctype: at most 64 characters");
  if (!doctypeversion.success) return fail(400, "doctypeversion: at most 64 characters");
  let metadata: z.infer<typeof ReceivedMetadata> | null = null;
  const rawMetadata = text("metadata");
  if (rawMetadata !== undefined && rawMetadata !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawMetadata);
    } catch {
      return fail(400, "metadata: expected a JSON array");
    }
    const checked = ReceivedMetadata.safeParse(parsed);
    if (!checked.success) return fail(400, "metadata: expected a JSON array of references");
    metadata = checked.data;
  }
  const documentid = `in-${randomBytes(8).toString("hex")}`;
  // The bytes go in as hex text decoded by the database: PGlite serialises a large bytea parameter
  // on the JavaScript heap so wastefully that 45 MiB exhausted a 1 GiB heap and took the whole
  // server (the app with it) down; as text it stays off the heap.
  const hex = Buffer.from(await file.arrayBuffer()).toString("hex");
  await ctx.db.execute(sql`
    INSERT INTO ${sandboxReceived} (documentid, client_id, customer, filename, doctype, doctypeversion, metadata, content)
    VALUES (${documentid}, ${clientId}, ${customer}, ${(file.name || "upload.bin").slice(0, 255)}, ${doctype.data ?? null},
      ${doctypeversion.data ?? null}, ${metadata === null ? null : JSON.stringify(metadata)}::jsonb, decode(${hex}, 'hex'))`);
  return Response.json({ statustype: "OK", code: "201", message: "document received", documentid }, { status: 201 });
}
