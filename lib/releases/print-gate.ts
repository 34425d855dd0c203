import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { releases } from "@/lib/db/schema/releases";
import { changedParts, fingerprintOf } from "./fingerprint";
import { findRelease, requestRelease, viewOf, waitsForRelease, type ReleaseView } from "./releases";
import type { ReleaseRequest, VoidReason } from "./schemas";
import { voidRelease } from "./approve";

/**
 * A print under four eyes (issue #46): its PDF goes to whoever prints, so an approval does not make it. A print of a
 * property and month waits as an open release (the same one while it waits); once another member released it, the
 * next print of that property and month by any member of the team is made, if the fingerprint is still the one
 * released, and ends the release `done`; a changed one voids it (`409 release_void`).
 */

/** `wait`: answer 202 with it; else print, and on a failure call `failed` (a taken release is given back). */
export type PrintGate = { wait: ReleaseView } | { failed?: () => Promise<void> };

type PrintBody = Extract<ReleaseRequest, { kind: "print" }>["body"];

const ofMonth = (p: Principal, body: PrintBody, state: "open" | "released") =>
  and(
    eq(releases.teamId, p.teamId),
    eq(releases.kind, "print"),
    eq(releases.state, state),
    sql`${releases.body}->>'property' = ${body.property} AND ${releases.body}->>'month' = ${body.month}`,
  );

export async function printGate(db: Db, p: Principal, body: PrintBody): Promise<PrintGate> {
  const request: ReleaseRequest = { kind: "print", body };
  const [released] = await db
    .select()
    .from(releases)
    .where(ofMonth(p, body, "released"))
    .orderBy(asc(releases.releasedAt));
  if (released) {
    const fresh = await fingerprintOf(db, p, request);
    const changed = changedParts(
      { documents: released.fingerprintDocuments, recipients: released.fingerprintRecipients },
      fresh,
    );
    if (changed.length > 0) throw await voidRelease(db, p, released, changed.join(",") as VoidReason);
    // Taken before the print is made: two prints at once make it once; a print that fails gives it back.
    const [taken] = await db
      .update(releases)
      .set({ state: "done", doneAt: new Date() })
      .where(and(eq(releases.id, released.id), eq(releases.state, "released")))
      .returning({ id: releases.id });
    if (taken)
      return {
        failed: async () => {
          await db
            .update(releases)
            .set({ state: "released", doneAt: null })
            .where(and(eq(releases.id, released.id), eq(releases.state, "done")));
        },
      };
  }
  if (!(await waitsForRelease(db, p, request))) return {};
  const [waiting] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(ofMonth(p, body, "open"));
  if (waiting) {
    const found = await findRelease(db, p, waiting.id);
    if (found) return { wait: viewOf(p, found) };
  }
  const release = await requestRelease(db, p, request);
  return release ? { wait: release } : {};
}
