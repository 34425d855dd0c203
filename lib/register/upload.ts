import "server-only";
import { readBodyLimited } from "@/lib/api/body";
import { AppError } from "@/lib/errors";
import { MAX_REGISTER_BYTES } from "./limits";

/** Room for a form's boundaries and part headers around the file itself. */
const FORM_FRAMING = 64 * 1024;

/**
 * The register file of `PUT /api/units`: the body itself (`text/csv`, or any text type a client
 * sends a CSV as), or the `file` part of a form, as the page's upload sends it. Either way no more
 * than 10 MiB is read (413 while it streams), and the bytes are returned undecoded: the import
 * detects their encoding.
 */
export async function readRegisterUpload(req: Request): Promise<Uint8Array> {
  const header = req.headers.get("content-type") ?? "";
  const type = header.toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const body = await readBodyLimited(req, MAX_REGISTER_BYTES + FORM_FRAMING);
    const form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": header } })
      .formData()
      .catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string") throw new AppError(400, "not_csv", "unitsApi.notCsv");
    if (file.size > MAX_REGISTER_BYTES)
      throw new AppError(413, "payload_too_large", "error.bodyTooLarge", { vars: { kib: MAX_REGISTER_BYTES / 1024 } });
    return new Uint8Array(await file.arrayBuffer());
  }
  if (
    type !== "" &&
    !type.startsWith("text/") &&
    !type.startsWith("application/csv") &&
    !type.startsWith("application/octet-stream")
  )
    throw new AppError(415, "not_csv", "unitsApi.notCsv");
  return readBodyLimited(req, MAX_REGISTER_BYTES);
}
