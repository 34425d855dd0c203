import "server-only";
import { sql } from "drizzle-orm";
import { isSupportRole } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { Role } from "@/lib/db/schema/users";
import { AppError, notFound } from "@/lib/errors";

/** Who asks for a proof. */
export type ProofReader = { id: string; email: string; name: string; role: Role };
/** Whose register the proof reads; `names`: the reader is its owner, so residents are named. */
export type ProofOwner = { id: string; email: string; name: string; names: boolean };

/**
 * The register a proof is made of, failing closed with 404. Without `connection`: the reader's own (support has
 * none: 400). With it: that connection's owner's, when the connection is the reader's own or the reader is support
 * or admin; any other connection answers 404, exactly like a missing one. Only the owner sees residents' names.
 */
export async function proofOwner(db: Db, reader: ProofReader, connection: string | undefined): Promise<ProofOwner> {
  if (!connection) {
    if (reader.role === "support")
      throw new AppError(400, "validation", "error.validation", {
        fields: [{ path: "connection", message: "validation.required" }],
      });
    return { id: reader.id, email: reader.email, name: reader.name, names: true };
  }
  const [owner] = rowsOf<{ id: string; email: string; name: string }>(
    await db.execute(sql`SELECT u.id, u.email, u.name FROM connections c JOIN users u ON u.id = c.user_id
      WHERE c.id = ${connection}::uuid AND (c.user_id = ${reader.id} OR ${isSupportRole(reader.role)})`),
  );
  if (!owner) throw notFound();
  return { ...owner, names: owner.id === reader.id };
}
