import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";

/**
 * One change of a user's register at a time (an import, a move, a correction, an edit). Across
 * instances on PostgreSQL an advisory lock held by the change's transaction; within the process a
 * queue per user, which alone spans the embedded database's sliced import (issue #32: there one
 * transaction holds the only session, so every other user's request would wait for the whole import).
 */

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier change of this user's register in this process has ended. */
export const serialised = <T>(p: Principal, work: () => Promise<T>): Promise<T> => serialisedTeam(p.teamId, work);

/**
 * The same by the team's id, for work on two teams' registers (lib/teams/merge.ts: it takes both, in the order of
 * their ids, so that two merges never wait for each other).
 */
export async function serialisedTeam<T>(teamId: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(teamId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(teamId, settled);
  void settled.then(() => {
    if (queues.get(teamId) === settled) queues.delete(teamId);
  });
  return run;
}

/** The register's lock for the transaction `tx` (other instances on the same PostgreSQL database). */
export const lockRegister = (tx: Db, p: Principal) => lockTeamRegister(tx, p.teamId);

/** The same by the team's id (a merge holds both teams' locks). */
export const lockTeamRegister = (tx: Db, teamId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`units:${teamId}`}))`);

/** A change of the register in one transaction under both locks. */
export const registerChange = <T>(db: Db, p: Principal, work: (tx: Db) => Promise<T>) =>
  serialised(p, () =>
    db.transaction(async (tx) => {
      await lockRegister(tx, p);
      return work(tx);
    }),
  );

/**
 * Whether a long register write goes in slices, each its own short transaction: with the embedded
 * database (one process, one session), not on PostgreSQL, where a long transaction holds up nobody else.
 */
export const writesInSlices = () => !env().databaseUrl;
