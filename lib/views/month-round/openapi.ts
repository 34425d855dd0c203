import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { MONTH_STATUSES } from "@/lib/views/handoff-month/query";
import type { MonthRound } from "@/lib/views/month-round/round";
import type { RoundDocuments } from "@/lib/views/month-round/round-documents";
import { MonthDocumentsQuery, MonthRoundQuery } from "@/lib/views/month-round/round-query";
import { json, type ApiOperation } from "@/lib/api/operation";

/** The OpenAPI entries of the month page's answer and of the documents its runs take (docs/api.md, "The month page"). */

const Count = z.number().int();
const Person = z.object({ id: z.string().meta({ format: "uuid" }), name: z.string() });
const MonthRoundAnswer = z.object({
  month: z.string().nullable().meta({ description: "the asked month, else the latest with documents; null: none" }),
  months: z.array(z.string()).meta({ description: "months with documents (by their period's start), newest first" }),
  scope: z.enum(["mine", "team"]).meta({
    description: "`mine`: the caller's properties (as asked, or unasked because they act for any); `team`: all",
  }),
  truncated: z.boolean(),
  properties: z.array(
    z.object({
      property: z.string(),
      units: Count.meta({ description: "units of the register in the property: the documents expected" }),
      documents: Count,
      read: Count.meta({ description: "documents a manager opened (their first fetch of the file)" }),
      confirmed: Count,
      toConfirm: Count.meta({ description: "open documents: what a bulk confirmation takes" }),
      toHandOn: Count.meta({
        description: "confirmed documents that go out by e-mail or the portal, not yet handed on",
      }),
      toConfirmAndHandOn: Count.meta({ description: "open documents that would go out by e-mail or the portal" }),
      counts: z
        .record(z.enum(MONTH_STATUSES), Count)
        .meta({ description: "units and documents by the monthly view's status" }),
      propertyFiles: Count.meta({
        description: "files of the whole property (reference `billingunit`), never a unit's",
      }),
      reports: z.object({ open: Count, due: Count, overdue: Count }),
      bounced: z
        .array(
          z.object({
            unitId: z.string().meta({ format: "uuid" }),
            unit: z.string().meta({ description: "the unit's metering number, else the manager's" }),
            label: z.string().nullable(),
            documentid: z.string(),
            status: z
              .string()
              .meta({ description: "the delivery status notification's code (RFC 3463), e.g. `5.1.1`" }),
          }),
        )
        .meta({
          description:
            "the month's e-mails that came back undelivered (`counts.bounced`), at most 20 by unit: their letters go into the next print",
        }),
      withoutConsent: Count.meta({
        description:
          "residents living there today without consent to e-mail or the portal: they get letters, each with the link to agree",
      }),
      responsible: Person.nullable().meta({ description: "the member who looks after the property" }),
      deputy: Person.nullable(),
      standIn: z
        .object({ forName: z.string() })
        .nullable()
        .meta({ description: "set when the caller is the deputy and the responsible member is absent today" }),
    }),
  ),
  unregistered: z
    .array(
      z.object({
        connectionId: z.string().meta({ format: "uuid" }),
        connectionName: z.string(),
        documents: Count,
        units: Count.meta({ description: "the usage units they name" }),
        open: Count.meta({ description: "what a confirmation would take" }),
      }),
    )
    .meta({
      description:
        "per connection, the month's documents whose unit is in no property of the register (or that name none); read only without `property`, else empty",
    }),
});
const RoundDocumentsAnswer = z.object({
  property: z.string(),
  month: z.string(),
  truncated: z.boolean(),
  documents: z.array(
    z.object({
      connectionId: z.string().meta({ format: "uuid" }),
      documentid: z.string(),
      filename: z.string(),
      unitId: z.string().meta({ format: "uuid" }),
      tenancyId: z.string().meta({ format: "uuid" }).nullable(),
      confirmable: z.boolean(),
      confirmed: z.boolean(),
      handsOn: z.boolean(),
    }),
  ),
});

export const MONTH_ROUND_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/month",
    tag: "documents",
    summary: "The month page: per property of the register, where the month's documents stand",
    access: CONNECTION_ROLES,
    query: MonthRoundQuery,
    params: {
      month: "`YYYY-MM`; absent: the latest month with documents",
      property: "only this property",
      mine: "`1`: only the properties the caller is responsible for, or stands in for today (an absent member's); `0`: the whole team's; unasked: `1` when the caller acts for any property today, else `0`",
    },
    description: "At most 100 properties (`truncated` beyond); counted in the database, 10 documents per unit at most.",
    answers: [{ status: 200, description: "the month", content: json(MonthRoundAnswer) }],
  },
  {
    method: "GET",
    path: "/api/month/documents",
    tag: "documents",
    summary: "The documents of one property-month that the month page's runs take",
    access: CONNECTION_ROLES,
    query: MonthDocumentsQuery,
    params: { property: "one property of the register, by name", month: "the documents' month, `YYYY-MM`" },
    description: "At most 1000 (`truncated` beyond): the open ones to confirm, the confirmed ones to hand on.",
    answers: [{ status: 200, description: "the documents", content: json(RoundDocumentsAnswer) }],
  },
];

// What the code returns must fit the documented answer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: true[] = [
  true as Same<MonthRound, z.output<typeof MonthRoundAnswer>>,
  true as Same<RoundDocuments, z.output<typeof RoundDocumentsAnswer>>,
];
void checks;
