import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import type { HandoffMonth } from "@/lib/views/handoff-month/month";
import { HandoffMonthQuery, MONTH_STATUSES } from "@/lib/views/handoff-month/query";
import { HandoffTextBody, HandoffTextQuery, PLACEHOLDERS } from "@/lib/handoffs/texts/template";
import type { StoredText } from "@/lib/handoffs/texts/texts";
import { CHANNELS } from "@/lib/register/list";
import { json, type ApiOperation } from "@/lib/api/operation";

/**
 * The OpenAPI entries of the monthly hand-off view, its CSV and the owner's e-mail texts (docs/api.md, "The monthly
 * view of the hand-off").
 */

const MonthEntry = z.object({
  document: z
    .object({ connectionId: z.string().meta({ format: "uuid" }), documentid: z.string(), filename: z.string() })
    .nullable(),
  status: z.enum(MONTH_STATUSES),
  resident: z
    .string()
    .nullable()
    .meta({ description: "who receives the document: the resident of its period, or the one a manager assigned" }),
  channel: z.enum(CHANNELS).nullable(),
  at: z.string().meta({ format: "date-time" }).nullable(),
  by: z.string().nullable(),
  reason: z.string().optional().meta({
    description:
      "a failed send: the mail server's answer in the caller's language, never the address; a bounced one: the notification's",
  }),
  decided: z
    .object({ by: z.string().nullable(), at: z.string().meta({ format: "date-time" }) })
    .optional()
    .meta({ description: "a manager's assignment, or their note that no hand-off is needed" }),
  tenancies: z
    .array(
      z.object({
        id: z.string().meta({ format: "uuid" }),
        name: z.string().nullable(),
        moveIn: z.string().meta({ format: "date" }).nullable(),
        moveOut: z.string().meta({ format: "date" }).nullable(),
        vacancy: z.boolean(),
      }),
    )
    .optional()
    .meta({ description: "a document the rule hands to nobody: the tenancies meeting its period, to assign it to" }),
});
const HandoffMonthAnswer = z.object({
  property: z.string(),
  month: z.string(),
  truncated: z.boolean(),
  counts: z.record(z.enum(MONTH_STATUSES), z.number().int()),
  rows: z.array(
    z.object({
      unitId: z.string().meta({ format: "uuid" }),
      unit: z.string(),
      pmnumber: z.string().nullable(),
      label: z.string().nullable(),
      resident: z.string().nullable().meta({
        description: "the resident of the first document's period, else the present one (the owner's own record)",
      }),
      entries: z.array(MonthEntry),
    }),
  ),
});
const TextAnswer = z.object({
  property: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  source: z.enum(["property", "all", "builtIn"]),
  senderAddress: z
    .string()
    .nullable()
    .meta({ description: "the letters' sender postal address, kept with the text for all properties" }),
});

const textParams = { property: "one property of the register by name; absent: the text for all properties" };
const monthParams = { property: "one property of the register, by name", month: "the documents' month, `YYYY-MM`" };
const placeholders = PLACEHOLDERS.map((p) => `{${p}}`).join(", ");

export const HANDOFF_MONTH_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/handoffs/month",
    tag: "documents",
    summary:
      "The monthly §6a view of one property: per unit, that month's documents and whether they reached the resident",
    access: CONNECTION_ROLES,
    query: HandoffMonthQuery,
    params: monthParams,
    description:
      "At most 1000 units (`truncated` beyond), 10 documents per unit; a unit without a document of the month has one entry `noDocument`.",
    answers: [{ status: 200, description: "the view", content: json(HandoffMonthAnswer) }],
  },
  {
    method: "GET",
    path: "/api/handoffs/month.csv",
    tag: "documents",
    summary: "The monthly view as CSV for the owner's records",
    access: CONNECTION_ROLES,
    query: HandoffMonthQuery,
    params: monthParams,
    description:
      "German headers and states, `;`, UTF-8 with BOM, formula-safe cells; the resident's name but not the address.",
    answers: [
      { status: 200, description: "`weitergabe-YYYY-MM.csv`", content: { type: "text/csv", schema: z.string() } },
    ],
  },
  {
    method: "GET",
    path: "/api/handoffs/texts",
    tag: "documents",
    summary: "The e-mail text that applies to a property",
    access: CONNECTION_ROLES,
    query: HandoffTextQuery,
    params: textParams,
    description: `The property's own text, else the one for all properties, else the built-in one (\`source\`). Placeholders: ${placeholders}.`,
    answers: [{ status: 200, description: "the text", content: json(TextAnswer) }],
  },
  {
    method: "PUT",
    path: "/api/handoffs/texts",
    tag: "documents",
    summary: "Store the e-mail text of a property (or of all properties)",
    access: CONNECTION_ROLES,
    query: HandoffTextQuery,
    params: textParams,
    body: HandoffTextBody,
    description: `Plain text. Placeholders: ${placeholders}; any other name in braces is refused (400 naming it). The subject is one line of at most 200 characters, the body at most 5000. \`senderAddress\` (the printed letters' return line, one line, no e-mail address; '' clears it) only without \`property\`.`,
    answers: [{ status: 200, description: "the stored text", content: json(TextAnswer) }],
  },
];

// What the code returns must fit the documented answer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: true[] = [
  true as Same<HandoffMonth, z.output<typeof HandoffMonthAnswer>>,
  true as Same<StoredText, z.output<typeof TextAnswer>>,
];
void checks;
