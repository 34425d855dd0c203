import "server-only";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { contentDisposition, monthFileName } from "@/lib/handoffs/print/file-name";
import { proofCsv } from "@/lib/views/proof/csv";
import type { Principal } from "@/lib/auth/principal";
import { proofPdf } from "@/lib/views/proof/pdf";
import { readProof } from "@/lib/views/proof/proof";
import type { ProofInput } from "@/lib/views/proof/query";

/**
 * The proof as a download, PDF or CSV, named "Nachweis-<property>-<month>" with umlauts kept (RFC 6266). Each one is
 * an `export` audit event naming the register's owner, property, month and lines, never a resident.
 */
export async function proofDownload(
  db: Db,
  reader: Principal,
  input: ProofInput,
  format: "pdf" | "csv",
  signal?: AbortSignal,
) {
  const proof = await readProof(db, reader, input);
  const body = format === "pdf" ? await proofPdf(proof, reader.userId, signal) : proofCsv(proof);
  await recordEvent(db, {
    kind: "export",
    actor: principalActor(reader),
    connectionId: input.connection ?? null,
    detail: {
      proof: format,
      property: input.property,
      month: input.month,
      names: proof.names,
      rows: proof.lines.length,
    },
  });
  return new Response(typeof body === "string" ? body : Buffer.from(body), {
    headers: {
      "content-type": format === "pdf" ? "application/pdf" : "text/csv; charset=utf-8",
      "content-disposition": contentDisposition(monthFileName("Nachweis", input.property, input.month, format)),
      "cache-control": "private, no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
}
