import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import type { HandoffRunDetail, HandoffRunView } from "@/lib/handoffs/run-kind";
import { AllRunsQuery, RunsQuery } from "@/lib/runs/schemas";
import { ConfirmationRunAnswer, ConfirmationRunsAnswer } from "@/lib/delivery/openapi";
import { HandoffLine } from "@/lib/handoffs/openapi";
import { json, type ApiOperation } from "@/lib/api/operation";

/**
 * The OpenAPI entries of the runs (lib/runs): work that outlives the request that started it, of two kinds, a bulk
 * confirmation (`POST /api/connections/{id}/confirmations`) and a hand-off (`POST /api/handoffs`), each named by the
 * `Run-Id` header of its answer. `/api/runs` answers for every kind; the older addresses of each kind stay as they
 * answered (scripts rely on them).
 */

const Int = z.number().int();
const HandoffRunAnswer = z.object({
  id: z.string().meta({ format: "uuid" }),
  total: Int.meta({ description: "the documents asked for, each once" }),
  sent: Int,
  failed: Int,
  skipped: Int,
  cancelled: Int.meta({ description: "documents a cancel left out: not begun, not handed on" }),
  startedAt: z.string().meta({ format: "date-time" }),
  finishedAt: z.string().meta({ format: "date-time" }).nullable(),
  cancelRequested: z.boolean(),
  ended: z.enum(["done", "cancelled", "instance_ended"]).nullable().meta({
    description:
      "`cancelled`: a cancel left documents out; `instance_ended`: the instance running it stopped (crash or shutdown); null while it runs",
  }),
  scope: z
    .string()
    .nullable()
    .meta({ description: "the page that started it (`inbox`, `month:YYYY-MM`); null for another caller" }),
  startedBy: z
    .object({ id: z.string().meta({ format: "uuid" }), name: z.string() })
    .meta({ description: "the member who started it: a run is the team's (any member lists, reads and cancels it)" }),
});
const HandoffLines = z.array(HandoffLine).meta({
  description:
    "each document's line as the NDJSON answer gave it, in the order they finished: `message` in the reader's language, `filename` while the document is in the caller's index",
});
const HandoffRunDetailAnswer = HandoffRunAnswer.extend({ lines: HandoffLines });

/** A run of any kind, named by its kind. */
const RunAnswer = z.discriminatedUnion("kind", [
  ConfirmationRunAnswer.extend({ kind: z.literal("confirm") }),
  HandoffRunAnswer.extend({ kind: z.literal("handoff") }),
]);
const RunDetailAnswer = z.discriminatedUnion("kind", [
  ConfirmationRunAnswer.extend({ kind: z.literal("confirm") }),
  HandoffRunDetailAnswer.extend({ kind: z.literal("handoff") }),
]);

// What the code returns must fit the documented answer.
type Fits<A, B> = [A] extends [B] ? true : false;
const checks: true[] = [
  true as Fits<HandoffRunView, z.output<typeof HandoffRunAnswer>>,
  true as Fits<HandoffRunDetail, z.output<typeof HandoffRunDetailAnswer>>,
];
void checks;

const NOT_FOUND = { 404: "`not_found`: no such run of the caller" };
const CANCEL =
  "Those under way finish; those not begun are left out (a confirmation's stay open, a hand-off's get no record and no mail) and counted `cancelled`, and the run then ends `cancelled`. A run that has ended is answered as it stands.";

export const RUN_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/runs",
    tag: "documents",
    summary: "The caller's runs: running, or lately ended",
    access: CONNECTION_ROLES,
    description:
      "Each run's counts so far, from the record the instance running it keeps (any instance answers), oldest first. Of each kind at most its own number (20 bulk confirmations, 10 hand-offs), each listed for a while after it ended (two minutes, ten minutes). With `scope`, only the runs that page started; with `kind`, only runs of that kind.",
    query: AllRunsQuery,
    answers: [{ status: 200, description: "the runs", content: json(z.object({ runs: z.array(RunAnswer) })) }],
  },
  {
    method: "GET",
    path: "/api/runs/{id}",
    tag: "documents",
    summary: "One of the caller's runs (with each document's line so far, for a hand-off)",
    access: CONNECTION_ROLES,
    answers: [{ status: 200, description: "the run", content: json(RunDetailAnswer) }],
    errors: NOT_FOUND,
  },
  {
    method: "DELETE",
    path: "/api/runs/{id}",
    tag: "documents",
    summary: "Cancel a run",
    access: CONNECTION_ROLES,
    description: CANCEL,
    answers: [{ status: 200, description: "the run, `cancelRequested: true` while it runs", content: json(RunAnswer) }],
    errors: NOT_FOUND,
  },
  {
    method: "GET",
    path: "/api/confirmation-runs",
    tag: "documents",
    summary: "The caller's bulk confirmations (the older address of `GET /api/runs?kind=confirm`)",
    access: CONNECTION_ROLES,
    description:
      "As `GET /api/runs?kind=confirm`, without `kind` in each run: running, or ended in the last two minutes, at most 20, oldest first.",
    query: RunsQuery,
    answers: [{ status: 200, description: "the runs", content: json(ConfirmationRunsAnswer) }],
  },
  {
    method: "DELETE",
    path: "/api/confirmation-runs/{id}",
    tag: "documents",
    summary: "Cancel a bulk confirmation (the older address of `DELETE /api/runs/{id}`)",
    access: CONNECTION_ROLES,
    description: `Documents the run has not claimed stay open; those in flight finish. The run's NDJSON answer then ends with \`cancelled\` > 0. ${CANCEL} A hand-off's id is 404 here.`,
    answers: [
      {
        status: 200,
        description: "the run, `cancelRequested: true` while it runs",
        content: json(ConfirmationRunAnswer),
      },
    ],
    errors: NOT_FOUND,
  },
  {
    method: "GET",
    path: "/api/handoffs/runs",
    tag: "documents",
    summary: "The caller's hand-offs (the older address of `GET /api/runs?kind=handoff`)",
    access: CONNECTION_ROLES,
    description:
      "As `GET /api/runs?kind=handoff`, without `kind` in each run: running, or ended in the last ten minutes, at most 10, oldest first.",
    query: RunsQuery,
    answers: [{ status: 200, description: "the runs", content: json(z.object({ runs: z.array(HandoffRunAnswer) })) }],
  },
  {
    method: "GET",
    path: "/api/handoffs/runs/{id}",
    tag: "documents",
    summary:
      "One of the caller's hand-offs with each document's outcome so far (the older address of `GET /api/runs/{id}`)",
    access: CONNECTION_ROLES,
    answers: [{ status: 200, description: "the run and its lines", content: json(HandoffRunDetailAnswer) }],
    errors: NOT_FOUND,
  },
  {
    method: "DELETE",
    path: "/api/handoffs/runs/{id}",
    tag: "documents",
    summary: "Cancel a hand-off (the older address of `DELETE /api/runs/{id}`)",
    access: CONNECTION_ROLES,
    description: `${CANCEL} A bulk confirmation's id is 404 here.`,
    answers: [
      {
        status: 200,
        description: "the run, `cancelRequested: true` while it runs",
        content: json(HandoffRunAnswer),
      },
    ],
    errors: NOT_FOUND,
  },
];
