import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { RunsQuery } from "@/lib/ops/run-scope";
import type { HandoffRunDetail, HandoffRunView } from "@/lib/residents/handoffs/runs";
import { HandoffLine } from "./handoffs";
import { json, type ApiOperation } from "./operation";

/**
 * The OpenAPI entries of the hand-off runs (lib/residents/handoffs/runs.ts): a `POST /api/handoffs` found again after a
 * reload.
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
});
const HandoffRunDetailAnswer = HandoffRunAnswer.extend({
  lines: z.array(HandoffLine).meta({
    description:
      "each document's line as the NDJSON answer gave it, in the order they finished: `message` in the reader's language, `filename` while the document is in the caller's index",
  }),
});

// What the code returns must fit the documented answer.
type Fits<A, B> = [A] extends [B] ? true : false;
const checks: true[] = [
  true as Fits<HandoffRunView, z.output<typeof HandoffRunAnswer>>,
  true as Fits<HandoffRunDetail, z.output<typeof HandoffRunDetailAnswer>>,
];
void checks;

export const HANDOFF_RUN_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/handoffs/runs",
    tag: "documents",
    summary: "The caller's hand-offs: running, or ended in the last ten minutes",
    access: CONNECTION_ROLES,
    description:
      "Each `POST /api/handoffs` is a run that goes on when its caller leaves (its `Handoff-Run` header names it); its counts so far, from the record the instance running it keeps (any instance answers). At most 10, oldest first. With `scope`, only the runs that page started (`POST /api/handoffs` with that `scope`).",
    query: RunsQuery,
    answers: [{ status: 200, description: "the runs", content: json(z.object({ runs: z.array(HandoffRunAnswer) })) }],
  },
  {
    method: "GET",
    path: "/api/handoffs/runs/{id}",
    tag: "documents",
    summary: "One of the caller's hand-offs with each document's outcome so far",
    access: CONNECTION_ROLES,
    answers: [{ status: 200, description: "the run and its lines", content: json(HandoffRunDetailAnswer) }],
    errors: { 404: "`not_found`: no such run of the caller" },
  },
  {
    method: "DELETE",
    path: "/api/handoffs/runs/{id}",
    tag: "documents",
    summary: "Cancel a hand-off",
    access: CONNECTION_ROLES,
    description:
      "The document under way finishes and is recorded; those not begun are not handed on (no record, no mail) and are counted `cancelled`, the run then ends `cancelled`. A run that has ended is answered as it stands.",
    answers: [
      {
        status: 200,
        description: "the run, `cancelRequested: true` while it runs",
        content: json(HandoffRunAnswer),
      },
    ],
    errors: { 404: "`not_found`: no such run of the caller" },
  },
];
