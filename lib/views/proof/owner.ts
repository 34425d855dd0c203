import "server-only";
import { sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { isSupportRole } from "@/lib/auth/roles";
import { ownerPrincipal } from "@/lib/auth/system-principal";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { Role } from "@/lib/db/schema/users";
import { AppError, notFound } from "@/lib/errors";
import { usableBy } from "@/lib/connections/usable";

/** Whose register the proof reads (a team's; `id` the connection's owner); `names`: the reader is of that team, so residents are named. */
export type ProofOwner = { id: string; email: string; name: string; names: boolean; scope: Principal };

/**
 * The register a proof is made of, failing closed with 404. Without `connection`: the reader's own (support has
 * none: 400). With it: that connection's team's, when the reader works through the connection (their own, or shared with their team) or the reader is support
 * or admin; any other connection answers 404, exactly like a missing one. Only the team sees residents' names.
 */
export async function proofOwner(db: Db, reader: Principal, connection: string | undefined): Promise<ProofOwner> {
  if (!connection) {
    if (reader.role === "support")
      throw new AppError(400, "validation", "error.validation", {
        fields: [{ path: "connection", message: "validation.required" }],
      });
    return { id: reader.userId, email: reader.email, name: reader.name, names: true, scope: reader };
  }
  const [owner] = rowsOf<{ id: string; email: string; name: string; role: Role; teamId: string }>(
    await db.execute(sql`SELECT u.id, u.email, u.name, u.role, c.team_id AS "teamId" FROM connections c
      JOIN users u ON u.id = c.user_id
      WHERE c.id = ${connection}::uuid AND (${usableBy(reader)} OR ${isSupportRole(reader.role)})`),
  );
  if (!owner) throw notFound();
  const { role: _role, teamId: _team, ...shown } = owner;
  // Support reads the team's register as the owner's scope, after the check above.
  const own = owner.teamId === reader.teamId;
  return { ...shown, names: own, scope: own ? reader : ownerPrincipal(owner) };
}
