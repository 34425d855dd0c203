import "server-only";
import { and, eq } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import { ownerPrincipal } from "@/lib/auth/system-principal";
import type { Db } from "@/lib/db/client";
import { releases, type ReleaseRow } from "@/lib/db/schema/releases";
import { users } from "@/lib/db/schema/users";
import { AppError, notFound } from "@/lib/errors";
import type { Locale, MessageKey } from "@/lib/i18n/messages";
import { changedParts, fingerprintOf } from "./fingerprint";
import { findRelease, viewOf, type ReleaseView } from "./releases";
import type { ReleaseRequest, VoidReason } from "./schemas";
import { keepRun, startWork } from "./work";

/**
 * `POST /api/releases/{id}/approve` (issue #46): another member of the release's team approves what the requester
 * asked. The fingerprint is computed again as the requester would see it now: equal, the work starts as their
 * request would have (./work.ts); different, the release is void with the part that changed (`409 release_void`).
 * The requester cannot approve their own (`403 own_request`); another team's release is as missing (404).
 */

export type Approved = { release: ReleaseView; runId?: string; work?: () => Promise<void> };

/** The request a release keeps, as its route took it. */
export function requestOf(r: ReleaseRow): ReleaseRequest {
  if (r.kind === "confirm") return { kind: "confirm", connectionId: r.connectionId!, body: r.body as never };
  return { kind: r.kind, body: r.body as never };
}

/** The requester, as the principal the work runs as, while they are an enabled member of the release's team. */
async function askerOf(db: Db, r: ReleaseRow): Promise<Principal | null> {
  if (!r.requestedBy) return null;
  const [u] = await db.select().from(users).where(eq(users.id, r.requestedBy));
  if (!u || u.disabled || u.teamId !== r.teamId) return null;
  return ownerPrincipal({ id: u.id, role: u.role, teamId: u.teamId, email: u.email, name: u.name });
}

const VOID_WORDS = {
  documents: "releases.void.documents",
  recipients: "releases.void.recipients",
  "documents,recipients": "releases.void.both",
  requester: "releases.void.requester",
  team_merged: "releases.void.teamMerged",
} as const satisfies Record<VoidReason, MessageKey>;

const notOpen = () => new AppError(409, "release_not_open", "releases.notOpen");

/** Ends an open release as void with its reason, audited; the 409 to answer. */
export async function voidRelease(db: Db, p: Principal, r: ReleaseRow, reason: VoidReason): Promise<AppError> {
  const [row] = await db
    .update(releases)
    .set({ state: "void", voidReason: reason })
    .where(and(eq(releases.id, r.id), eq(releases.state, r.state)))
    .returning({ id: releases.id });
  if (!row) return notOpen();
  await recordEvent(db, {
    kind: "release.void",
    actor: principalActor(p),
    connectionId: r.connectionId,
    detail: { releaseId: r.id, kind: r.kind, reason },
  });
  return new AppError(409, "release_void", VOID_WORDS[reason], {
    extra: { reason, changed: reason === "requester" || reason === "team_merged" ? [] : reason.split(",") },
  });
}

export async function approveRelease(db: Db, p: Principal, id: string, locale: Locale): Promise<Approved> {
  const found = await findRelease(db, p, id);
  if (!found) throw notFound("releases.notFound");
  const r = found.release;
  if (r.requestedBy === p.userId) throw new AppError(403, "own_request", "releases.ownRequest");
  if (r.state !== "open") throw notOpen();
  const asker = await askerOf(db, r);
  if (!asker) throw await voidRelease(db, p, r, "requester");
  const request = requestOf(r);
  const fresh = await fingerprintOf(db, asker, request);
  const changed = changedParts({ documents: r.fingerprintDocuments, recipients: r.fingerprintRecipients }, fresh);
  if (changed.length > 0) throw await voidRelease(db, p, r, changed.join(",") as VoidReason);
  // Claimed before the work is recorded: two approvals at once start it once.
  const [claimed] = await db
    .update(releases)
    .set({ state: "released", releasedBy: p.userId, releasedAt: new Date() })
    .where(and(eq(releases.id, id), eq(releases.state, "open")))
    .returning({ id: releases.id });
  if (!claimed) throw notOpen();
  let started;
  try {
    started = await startWork(db, asker, request, id, locale);
  } catch (err) {
    // Not started (the requester's runs at their limit, their connection gone): the release waits again.
    await db.update(releases).set({ state: "open", releasedBy: null, releasedAt: null }).where(eq(releases.id, id));
    throw err;
  }
  await keepRun(db, id, started.runId);
  await recordEvent(db, {
    kind: "release.approve",
    actor: principalActor(p),
    connectionId: r.connectionId,
    detail: {
      releaseId: id,
      kind: r.kind,
      requestedBy: r.requestedBy,
      counts: fresh.counts,
      fingerprint: fresh.fingerprint,
      ...(started.runId && { runId: started.runId }),
    },
  });
  const release = viewOf(p, (await findRelease(db, p, id))!);
  return { release, ...started };
}
