import { z } from "zod";
import type { ConfirmationsBody } from "@/lib/delivery/schemas";
import type { HandoffsBody } from "@/lib/handoffs/schemas";
import type { PrintQuery } from "@/lib/handoffs/portal/schemas";

/** What `/api/releases` takes (docs/api.md, "Four eyes"), and what a release keeps of the request it waits for. */

/** `GET /api/releases`: `state=open` lists the open ones alone (else every state, newest first). */
export const ReleasesQuery = z.strictObject({ state: z.enum(["open"]).optional() });

export const ReleasePath = z.object({ id: z.uuid() });

/** The request as it was asked, by kind: the body its route took (and a confirmation's connection). */
export type ReleaseRequest =
  | { kind: "confirm"; connectionId: string; body: z.output<typeof ConfirmationsBody> }
  | { kind: "handoff"; body: z.output<typeof HandoffsBody> }
  | { kind: "print"; body: z.output<typeof PrintQuery> };

/**
 * Why a release became void: which part of its fingerprint changed, its requester left the team, or its team was
 * merged into another (lib/teams/merge.ts) while it was open.
 */
export const VOID_REASONS = ["documents", "recipients", "documents,recipients", "requester", "team_merged"] as const;
export type VoidReason = (typeof VOID_REASONS)[number];
