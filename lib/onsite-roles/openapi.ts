import { z } from "zod";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { REPORT_EVENT_KINDS, REPORT_STATES } from "@/lib/db/schema/osr-reports";
import { ReportsQuery } from "@/lib/onsite-roles/schemas";
import type { listReportedUnits, unitReportTimeline } from "@/lib/onsite-roles/timeline";
import { json, type ApiOperation } from "@/lib/api/operation";

/** The OpenAPI entries of support's on-site-roles reports (lib/onsite-roles/timeline.ts): units, no residents. */

const Text = z.string().nullable();
const Time = z.string().nullable().meta({ format: "date-time" });
const Message = z.object({ type: z.string(), shortmessage: z.string(), message: z.string() });
const Unit = z.object({
  id: z.string().meta({ format: "uuid" }),
  mscnumber: Text,
  pmnumber: Text,
  billingunit: Text,
  property: Text,
  label: Text,
  owner: z.string().meta({ description: "the e-mail of the register's user" }),
});
const Report = z.object({
  connectionId: z.string().meta({ format: "uuid" }),
  connectionName: z.string(),
  deleted: z.boolean(),
  state: z.enum(REPORT_STATES).nullable().meta({ description: "`null`: dropped (the report can no longer be sent)" }),
  at: Time,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  status: z.number().int().nullable().meta({ description: "the provider's HTTP status of the last answer" }),
  transactionid: Text,
  messages: z.array(Message),
});
const Event = z.object({
  at: z.string().meta({ format: "date-time" }),
  kind: z.enum(REPORT_EVENT_KINDS),
  reason: Text.meta({ description: "`queued`: change, connection, sync or credentials; `unknown`: why" }),
  attempt: z.number().int().nullable(),
  status: z.number().int().nullable(),
  transactionid: Text,
  messages: z.array(Message),
  nextAttemptAt: Time.meta({ description: "`unknown`: when it is sent again; `null`: no attempt left" }),
});
const ReportedUnits = z.object({ count: z.number().int(), units: z.array(Unit.extend({ reports: z.array(Report) })) });
const Timeline = z.object({ unit: Unit, connections: z.array(Report.extend({ events: z.array(Event) })) });

export const REPORT_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/delivery/reports",
    tag: "delivery",
    summary: "Units reported through on-site-roles, across all registers",
    access: SUPPORT_ROLES,
    query: ReportsQuery,
    params: {
      q: "usage unit number, property-management number or billing unit (substring)",
      state: "units with a report in this state; `open`: any not accepted",
      connection: "reports to this connection only",
    },
    answers: [{ status: 200, description: "by property, then unit number", content: json(ReportedUnits) }],
  },
  {
    method: "GET",
    path: "/api/delivery/units/{id}/reports",
    tag: "delivery",
    summary: "One unit's on-site-roles reports to each connection, as a timeline",
    access: ["support", "admin", "manager"],
    description:
      "Support and admins read any register's unit; a manager only a unit of their own register. Each connection's steps oldest first: queued (why), sent (attempt), accepted (transaction id), rejected (the provider's messages), unknown (and the next attempt), dropped. No resident's name.",
    answers: [{ status: 200, description: "the unit and its reports", content: json(Timeline) }],
    errors: { 404: "`not_found`: no such unit (for a manager: none in their register)" },
  },
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: true[] = [
  true as Same<Awaited<ReturnType<typeof listReportedUnits>>, z.output<typeof ReportedUnits>>,
  true as Same<Awaited<ReturnType<typeof unitReportTimeline>>, z.output<typeof Timeline>>,
];
void checks;
