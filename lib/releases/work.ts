import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor } from "@/lib/audit/audit";
import { providerFor } from "@/lib/connections/provider";
import { usableBy } from "@/lib/connections/usable";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { releases } from "@/lib/db/schema/releases";
import { confirmMany } from "@/lib/delivery/confirm/many";
import { confirmRunKind } from "@/lib/delivery/confirm/run-kind";
import { notFound } from "@/lib/errors";
import { confirmOpenFirst } from "./confirm-first";
import { startHandoffRun } from "@/lib/handoffs/run-kind";
import type { Locale } from "@/lib/i18n/messages";
import { log } from "@/lib/log";
import { startRun } from "@/lib/runs/runs";
import type { ReleaseRequest } from "./schemas";

/**
 * The work a released request does, as the requester's request would have done it (issue #46): the same body, run as
 * the requester (their connections, their run, listed on the page that asked), recorded as a run before the approval
 * answers. `work` then runs after the answer and never throws; its end marks the release `done`. A print has no run:
 * it stays `released` until a member prints it (./print-gate.ts).
 */

export type Started = { runId?: string; work?: () => Promise<void> };

export async function markDone(db: Db, id: string, from: "released" = "released") {
  await db
    .update(releases)
    .set({ state: "done", doneAt: new Date() })
    .where(and(eq(releases.id, id), eq(releases.state, from)));
}

/** Runs `body`, then marks the release done; a failure is logged (the run's record keeps its counts). */
const settled = (db: Db, releaseId: string, body: () => Promise<unknown>) => async () => {
  try {
    await body();
  } catch (err) {
    log().warn({ err, release: releaseId }, "release: the released work failed");
  } finally {
    await markDone(db, releaseId).catch((err: unknown) => log().warn({ err, release: releaseId }, "release: not done"));
  }
};

/** The requester's connection of a confirmation, when they still work through it. */
async function connectionOf(db: Db, asker: Principal, connectionId: string) {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, connectionId), usableBy(asker, "connections"), isNull(connections.deletedAt)));
  if (!row) throw notFound("connections.notFound");
  return row;
}

/** Records the released request's run (429 `too_many_runs` like the request itself) and gives its work. */
export async function startWork(
  db: Db,
  asker: Principal,
  request: ReleaseRequest,
  releaseId: string,
  locale: Locale,
): Promise<Started> {
  if (request.kind === "print") return {};
  if (request.kind === "handoff") {
    const { body } = request;
    const input = { documents: body.documents, again: body.again ?? false, scope: body.scope ?? null };
    const { id, run } = await startHandoffRun(db, asker, input, locale);
    const work = async () => {
      // The month page's combined action, released as one: its open documents are confirmed first.
      if (body.confirmFirst) await confirmOpenFirst(db, asker, body.documents, input.scope);
      await run(() => undefined);
    };
    return { runId: id, work: settled(db, releaseId, work) };
  }
  const connection = await connectionOf(db, asker, request.connectionId);
  const { body } = request;
  const run = await startRun(db, confirmRunKind, asker, {
    connectionId: connection.id,
    total: new Set(body.documentids).size,
    scope: body.scope ?? null,
  });
  const ctx = { db, connection, client: providerFor(connection), actor: principalActor(asker) };
  const work = async () => {
    let totals: Awaited<ReturnType<typeof confirmMany>> | undefined;
    try {
      totals = await confirmMany(
        ctx,
        body.documentids,
        body.kd,
        (r) => run.record(r.state),
        () => run.cancelled,
      );
    } finally {
      await run.finish(totals);
    }
  };
  return { runId: run.id, work: settled(db, releaseId, work) };
}

/** Keeps the run's id on the release. */
export async function keepRun(db: Db, id: string, runId: string | undefined) {
  if (runId) await db.execute(sql`UPDATE releases SET run_id = ${runId}::uuid WHERE id = ${id}::uuid`);
}
