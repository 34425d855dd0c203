import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { HandoffsBody, HandoffsQuery } from "@/lib/handoffs/schemas";
import { HANDOFF_STATES } from "@/lib/handoffs/list";
import { CHANNELS } from "@/lib/register/list";
import { ErrorLine, json, ndjson, type ApiOperation } from "@/lib/api/operation";

/**
 * The OpenAPI entries of the hand-off to residents (lib/handoffs): hand documents on, and read the record.
 */

export const HandoffLine = z.object({
  connectionId: z.string().meta({ format: "uuid" }),
  documentid: z.string(),
  state: z.enum(["sent", "failed", "skipped"]),
  channel: z
    .enum(CHANNELS)
    .nullable()
    .meta({ description: "the resident's channel; null when the document has no resident" }),
  message: z.string().optional().meta({ description: "why it failed or was skipped, in the caller's language" }),
  filename: z.string().optional().meta({ description: "the document's file name (in a run's record)" }),
});
const HandoffsDone = z.object({
  done: z.literal(true),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int().meta({ description: "documents a cancel left out: not begun, not handed on" }),
});
const HandoffAnswer = z.object({
  connectionId: z.string().meta({ format: "uuid" }),
  documentid: z.string(),
  unit: z.string().nullable(),
  resident: z
    .string()
    .nullable()
    .meta({ description: "the register's name while it is still that resident; null after a move or an erasure" }),
  channel: z.enum(CHANNELS),
  state: z.enum(HANDOFF_STATES),
  at: z.string().meta({ format: "date-time" }),
  by: z.string().nullable(),
  attempts: z.number().int(),
  messageId: z.string().optional().meta({ description: "the SMTP server's message id of a sent e-mail" }),
  reason: z.unknown().optional().meta({
    description:
      'a failure: `{kind, code?, text?}` (docs/api.md, E-mail); a bounce: `{kind: "bounced", status}` (docs/api.md, Bounces); never the address',
  }),
  message: z.string().optional().meta({ description: "the failure's or the bounce's reason in the caller's language" }),
});

export const HANDOFF_OPERATIONS: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/handoffs",
    tag: "documents",
    summary: "Hand documents to their units' residents, streaming each outcome",
    access: CONNECTION_ROLES,
    body: HandoffsBody,
    description:
      "Each document goes to the present resident of its unit in the signed-in user's register, by the resident's channel: e-mail with the file; portal by a mail that names the new document (the first with the resident's link), without e-mail `skipped` (the link goes with the printed letters); post `skipped` (`POST /api/handoffs/print`). Only archived bytes go out; a document already handed to that resident is `skipped` unless `again`. Duplicates are handed off once. The run goes on if the caller goes away: the `Run-Id` header (also sent as `Handoff-Run`) names it for `GET` and `DELETE /api/runs/{id}`. The body may be up to 640 KiB.",
    answers: [
      {
        status: 200,
        description: "a line per document as it finishes, then the totals (or an error line)",
        content: ndjson(HandoffLine, HandoffsDone, ErrorLine),
      },
    ],
  },
  {
    method: "GET",
    path: "/api/handoffs",
    tag: "documents",
    summary: "The signed-in user's hand-off record, newest first",
    access: CONNECTION_ROLES,
    query: HandoffsQuery,
    params: {
      month: "the documents' month, `YYYY-MM`",
      property: "one property of the register, by name",
      state: "one state",
    },
    answers: [
      {
        status: 200,
        description: "one entry per document and resident",
        content: json(z.object({ count: z.number().int(), items: z.array(HandoffAnswer) })),
      },
    ],
  },
];
