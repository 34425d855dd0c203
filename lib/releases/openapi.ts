import { z } from "zod";
import { DateTime, Int, json, Uuid, type ApiOperation, type Same } from "@/lib/api/operation";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { RELEASE_KINDS, RELEASE_STATES } from "@/lib/db/schema/releases";
import type { ReleaseView } from "./releases";
import { ReleasesQuery, VOID_REASONS } from "./schemas";

/** The OpenAPI entries of four eyes (lib/openapi/openapi.ts joins them), and the release every 202 answers with. */

const Person = z.object({ id: Uuid, name: z.string() });

export const ReleaseAnswer = z.object({
  id: Uuid,
  kind: z.enum(RELEASE_KINDS),
  state: z
    .enum(RELEASE_STATES)
    .meta({ description: "`open`: waits; `released`: approved, at work; `void`: the data changed; `done`" }),
  requestedBy: Person.nullable(),
  requestedAt: DateTime,
  releasedBy: Person.optional(),
  releasedAt: DateTime.optional(),
  voidReason: z.enum(VOID_REASONS).optional().meta({ description: "which part of the fingerprint changed" }),
  counts: z.object({ documents: Int, units: Int, residents: Int }),
  fingerprint: z.string().meta({ description: "SHA-256 (hex) over a canonical JSON of what the work would touch" }),
  mine: z.boolean().meta({ description: "the caller asked for it" }),
  runId: Uuid.optional(),
  connectionId: Uuid.optional(),
  property: z.string().optional(),
  month: z.string().optional(),
  scope: z.string().optional(),
});

/** The answer of a request that waits for four eyes (`POST` of a bulk confirmation, a hand-off, a print). */
const ReleaseWaits = {
  status: 202,
  description: "the team's four eyes are on: nothing was done, the request waits as an open release",
  content: json(z.object({ release: ReleaseAnswer })),
};

/** The routes that wait under four eyes, with what their 202 adds to its words. */
const WAITING: Record<string, string> = {
  "POST /api/connections/{id}/confirmations": " (above the team's `minDocuments` distinct ids)",
  "POST /api/handoffs": "",
  "POST /api/handoffs/print": "; once released, the next print of it is made",
};

/**
 * The entries with the `202 {release}` of the requests that wait under four eyes: added here, at the top (lib/openapi),
 * so that the features below name nothing of the releases that stand above them.
 */
export const withReleaseWaits = (operations: ApiOperation[]): ApiOperation[] =>
  operations.map((op) => {
    const words = WAITING[`${op.method} ${op.path}`];
    if (words === undefined) return op;
    const waits = { ...ReleaseWaits, description: `${ReleaseWaits.description}${words}` };
    return { ...op, answers: [...op.answers, waits] };
  });

export const RELEASE_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/releases",
    tag: "documents",
    summary: "The team's releases, newest first",
    access: CONNECTION_ROLES,
    query: ReleasesQuery,
    params: { state: "`open`: the open ones alone" },
    description: "At most 100.",
    answers: [
      { status: 200, description: "the releases", content: json(z.object({ releases: z.array(ReleaseAnswer) })) },
    ],
  },
  {
    method: "POST",
    path: "/api/releases/{id}/approve",
    tag: "documents",
    summary: "Approve a teammate's request: its work starts as theirs would have",
    access: CONNECTION_ROLES,
    description:
      "The fingerprint is computed again as the requester would see it; equal, the run starts (a print waits for the next print of its property and month); different, the release becomes `void`.",
    answers: [
      {
        status: 200,
        description: "released; `runId` names the run (none for a print)",
        content: json(z.object({ release: ReleaseAnswer, runId: Uuid.optional() })),
      },
    ],
    errors: {
      403: "`own_request`: the requester cannot approve their own",
      404: "`not_found`: no release of the caller's team",
      409: "`release_void` with `reason` and `changed` (`documents`, `recipients`); `release_not_open`",
      429: "`too_many_runs`: the requester's runs of that kind are at their limit; the release stays open",
    },
  },
];

const checks: true[] = [true as Same<ReleaseView, z.output<typeof ReleaseAnswer>>];
void checks;
