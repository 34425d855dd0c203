import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { releases, type ReleaseKind, type ReleaseRow, type ReleaseState } from "@/lib/db/schema/releases";
import { teams } from "@/lib/db/schema/teams";
import { users } from "@/lib/db/schema/users";
import { fingerprintOf, type Counts, type Fingerprint } from "./fingerprint";
import type { ReleaseRequest, VoidReason } from "./schemas";

/**
 * Four eyes (issue #46, docs/api.md "Four eyes"): with the team's four eyes on, a bulk confirmation of more than
 * `minDocuments` documents, a hand-off run and a print are not done when asked but kept as an open release of the
 * team, naming exactly what they would touch (./fingerprint.ts). Another member approves it (./approve.ts). Every
 * request, approval and void is audited (`release.request`, `release.approve`, `release.void`).
 */

type Person = { id: string; name: string };
export type ReleaseView = {
  id: string;
  kind: ReleaseKind;
  state: ReleaseState;
  requestedBy: Person | null;
  requestedAt: string;
  releasedBy?: Person;
  releasedAt?: string;
  voidReason?: VoidReason;
  counts: Counts;
  fingerprint: string;
  /** The caller asked for it (they cannot approve it). */
  mine: boolean;
  /** The run an approval started (a confirmation, a hand-off). */
  runId?: string;
  /** A confirmation's connection; a print's property and month; the page a run is started for. */
  connectionId?: string;
  property?: string;
  month?: string;
  scope?: string;
};

/** The most releases `GET /api/releases` lists. */
export const RELEASES_LISTED = 100;

const requester = alias(users, "requester");
const releaser = alias(users, "releaser");

type Joined = { release: ReleaseRow; requester: Person | null; releaser: Person | null };

const joined = (db: Db) =>
  db
    .select({
      release: releases,
      requester: { id: requester.id, name: requester.name },
      releaser: { id: releaser.id, name: releaser.name },
    })
    .from(releases)
    .leftJoin(requester, eq(requester.id, releases.requestedBy))
    .leftJoin(releaser, eq(releaser.id, releases.releasedBy));

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

export function viewOf(p: Principal, { release: r, requester: by, releaser: rel }: Joined): ReleaseView {
  const body = r.body;
  const scope = text(body.scope);
  const property = r.kind === "print" ? text(body.property) : undefined;
  const month = r.kind === "print" ? text(body.month) : undefined;
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    requestedBy: by,
    requestedAt: r.requestedAt.toISOString(),
    ...(rel && { releasedBy: rel }),
    ...(r.releasedAt && { releasedAt: r.releasedAt.toISOString() }),
    ...(r.voidReason && { voidReason: r.voidReason as VoidReason }),
    counts: { documents: r.documents, units: r.units, residents: r.residents },
    fingerprint: r.fingerprint,
    mine: r.requestedBy === p.userId,
    ...(r.runId && { runId: r.runId }),
    ...(r.connectionId && { connectionId: r.connectionId }),
    ...(property !== undefined && { property }),
    ...(month !== undefined && { month }),
    ...(scope !== undefined && { scope }),
  };
}

/** One release of the caller's team as a row with its people, or undefined (another team's is as missing). */
export async function findRelease(db: Db, p: Principal, id: string): Promise<Joined | undefined> {
  const [row] = await joined(db).where(and(eq(releases.id, id), eq(releases.teamId, p.teamId)));
  return row;
}

/** The team's releases, newest first (`state: "open"`: the open ones alone). */
export async function listReleases(db: Db, p: Principal, q: { state?: "open" }): Promise<ReleaseView[]> {
  const rows = await joined(db)
    .where(q.state ? and(eq(releases.teamId, p.teamId), eq(releases.state, q.state)) : eq(releases.teamId, p.teamId))
    .orderBy(desc(releases.requestedAt), desc(releases.id))
    .limit(RELEASES_LISTED);
  return rows.map((r) => viewOf(p, r));
}

/** The team's four eyes: whether a request of `kind` over `documents` documents waits for a release. */
export async function waitsForRelease(db: Db, p: Principal, request: ReleaseRequest): Promise<boolean> {
  const [team] = await db
    .select({ on: teams.fourEyes, min: teams.fourEyesMinDocuments })
    .from(teams)
    .where(eq(teams.id, p.teamId));
  if (!team?.on) return false;
  if (request.kind !== "confirm") return true;
  return new Set(request.body.documentids).size > team.min;
}

/** A new open release of the request, audited (`release.request`). */
async function insertRelease(db: Db, p: Principal, request: ReleaseRequest, print: Fingerprint): Promise<ReleaseView> {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await tx.insert(releases).values({
      id,
      teamId: p.teamId,
      kind: request.kind,
      connectionId: request.kind === "confirm" ? request.connectionId : null,
      body: request.body,
      ...print.counts,
      fingerprint: print.fingerprint,
      fingerprintDocuments: print.documents,
      fingerprintRecipients: print.recipients,
      requestedBy: p.userId,
    });
    await recordEvent(tx, {
      kind: "release.request",
      actor: principalActor(p),
      connectionId: request.kind === "confirm" ? request.connectionId : undefined,
      detail: { releaseId: id, kind: request.kind, counts: print.counts, fingerprint: print.fingerprint },
    });
    return viewOf(p, (await findRelease(tx, p, id))!);
  });
}

/**
 * The release a request waits for, when the team's four eyes say it must (null: do the work now). The request is
 * kept as asked, with the fingerprint of what it would touch now.
 */
export async function requestRelease(db: Db, p: Principal, request: ReleaseRequest): Promise<ReleaseView | null> {
  if (!(await waitsForRelease(db, p, request))) return null;
  return insertRelease(db, p, request, await fingerprintOf(db, p, request));
}

/** The answer of a request that waits: `202 {release}`. */
export const releaseAnswer = (release: ReleaseView) => Response.json({ release }, { status: 202 });
