import { z } from "zod";
import { Int, json, Uuid, type ApiOperation, type Fits, type Same } from "@/lib/api/operation";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { DOCUMENT_STATES } from "@/lib/db/schema/delivery";
import { DocumentAnswer } from "@/lib/delivery/openapi";
import { HANDOFF_STATES } from "@/lib/handoffs/list";
import { RECIPIENT_KINDS } from "@/lib/register/list";
import { CHANNELS } from "@/lib/register/list";
import type { Inbox } from "./inbox";
import { InboxQuery } from "./schemas";

/** The OpenAPI entry of the inbox (`GET /api/inbox`; lib/openapi/openapi.ts joins it) and its answer. */

const InboxDocument = DocumentAnswer.extend({
  connectionId: Uuid,
  state: z.enum(DOCUMENT_STATES),
  replacedBy: z.string().nullable(),
  archived: z
    .boolean()
    .meta({ description: "its bytes are archived (a hand-off archives them first when they are not)" }),
  recipient: z.enum(RECIPIENT_KINDS).nullable().meta({
    description: 'who receives it by the one rule (docs/api.md, "Who receives a document"); null outside the register',
  }),
  handoff: z
    .object({ state: z.enum(HANDOFF_STATES), channel: z.enum(CHANNELS), at: z.string().meta({ format: "date-time" }) })
    .nullable()
    .meta({
      description: "its hand-off to the resident of its period (`GET /api/handoffs`); null while there is none",
    }),
});
export const InboxAnswer = z.object({
  units: Int,
  documents: Int,
  connections: z.array(z.object({ id: Uuid, open: Int })),
  register: z.boolean().meta({ description: "whether the user keeps a unit register (`GET /api/units`)" }),
  properties: z.array(z.string()).meta({ description: "the register's property names, for the `property` filter" }),
  groups: z.array(
    z.object({
      unit: z.string().nullable(),
      pmnumber: z.string().nullable(),
      label: z.string().nullable().meta({ description: "the register's label of the unit, else the provider's" }),
      register: z
        .object({
          property: z.string().nullable(),
          address: z.string().nullable(),
          resident: z.object({ name: z.string(), channel: z.enum(CHANNELS) }).nullable(),
          vacant: z.boolean().meta({ description: "no resident today, by a vacancy the register records" }),
        })
        .nullable()
        .meta({ description: "what the user's unit register says of the unit; null when it is not in the register" }),
      billing: z.boolean().meta({
        description:
          "the unit is a property's `billingunit` (a DTA file of the whole property): no flat, no resident; `register` names the property whose units give that billing unit",
      }),
      total: Int.meta({ description: "the unit's documents in this view, on all pages" }),
      before: Int.meta({ description: "the unit's documents on earlier pages (a page holds `limit` documents)" }),
      documents: z.array(InboxDocument),
    }),
  ),
});

export const INBOX_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/inbox",
    tag: "documents",
    summary: "The user's indexed documents grouped by usage unit",
    access: CONNECTION_ROLES,
    query: InboxQuery,
    description:
      "From the local index only (no provider call), over all the user's connections; paged by usage units. Documents without a unit form the group `unit: null`, last.",
    params: {
      q: "document id (exact), unit number (prefix), property-management number, unit label or file name (substring), or the property, address, label or resident of the unit in the user's register (substring)",
      month: "`YYYY-MM`: documents whose period overlaps that month",
      limit: "usage units per page",
    },
    answers: [{ status: 200, description: "one page of groups", content: json(InboxAnswer) }],
  },
];

const checks: true[] = [
  true as Same<Omit<Inbox, "groups">, Omit<z.output<typeof InboxAnswer>, "groups">>,
  true as Fits<z.output<typeof InboxAnswer>, Inbox>,
];
void checks;
