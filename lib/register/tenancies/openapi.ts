import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import type { Tenancy } from "@/lib/register/tenancies/history";
import { AssignmentBody, AssignmentKey, CorrectBody, EraseQuery, MoveBody } from "@/lib/register/tenancies/schemas";
import { json, type ApiOperation } from "@/lib/api/operation";
import { CHANNELS } from "@/lib/register/list";
import { HoldAnswer } from "@/lib/register/hold-openapi";
import { TenancyAnswer } from "@/lib/register/resident-openapi";
import type { searchResidents } from "@/lib/register/residents";
import { ResidentsQuery } from "@/lib/register/schemas";

/**
 * The OpenAPI entries of a unit's tenancies, the assignments and a resident's erasure (lib/register/tenancies), and the
 * admin's search for a resident's erasure request (lib/register/residents.ts).
 */

const History = z.array(TenancyAnswer).meta({ description: "the unit's tenancies, newest first" });

export const TENANCY_OPERATIONS: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/units/{id}/tenancies",
    tag: "units",
    summary: "Record a move (Mieterwechsel): the running tenancy ends, a new one or a vacancy begins",
    access: CONNECTION_ROLES,
    body: MoveBody,
    description:
      "The running tenancy ends on `previousMoveOut`, else the day before `moveIn`; `resident: null` records a vacancy. Refused (400 naming the field) like an imported row: a date that is not `YYYY-MM-DD`, no day of the calendar or outside the years 1900 to 2199; a text with a control character, tab, line break (but in `postalAddress`), line separator or bidi override; a resident the channel cannot reach. A tenancy that begins on or after `moveIn` is refused (correct it instead). Audited with the unit and tenancy, never the person.",
    answers: [{ status: 201, description: "the unit's history", content: json(History) }],
  },
  {
    method: "PATCH",
    path: "/api/units/{id}/tenancies/{tenancyId}",
    tag: "units",
    summary: "Correct a tenancy's move-in or move-out date",
    access: CONNECTION_ROLES,
    body: CorrectBody,
    description:
      "Refused (400 naming the field) for a date that is not `YYYY-MM-DD`, no day of the calendar or outside the years 1900 to 2199, and when the history would overlap or a move-out would precede its move-in.",
    answers: [{ status: 200, description: "the unit's history", content: json(History) }],
  },
  {
    method: "PUT",
    path: "/api/handoffs/assignments",
    tag: "documents",
    summary: "Assign a document the rule hands to nobody to one tenancy of its unit, or mark it as needing no hand-off",
    access: CONNECTION_ROLES,
    body: AssignmentBody,
    description:
      "Only for a document with a change of resident in its period, no tenancy covering it, or no period (409 `not_decidable` otherwise). `tenancyId: null`: no hand-off needed. Recorded with who decided.",
    answers: [{ status: 200, description: "the decision", content: json(AssignmentBody) }],
  },
  {
    method: "DELETE",
    path: "/api/handoffs/assignments",
    tag: "documents",
    summary: "Undo an assignment: the rule decides again",
    access: CONNECTION_ROLES,
    body: AssignmentKey,
    answers: [{ status: 204, description: "undone" }],
  },
  {
    method: "DELETE",
    path: "/api/units/{id}/resident",
    tag: "units",
    summary: "Erase a resident's personal data (admin), in any user's register",
    access: ["admin"],
    query: EraseQuery,
    params: { tenancy: "the tenancy whose resident is erased; absent: every resident of the unit" },
    description:
      "Name, e-mail and postal address go; the tenancy's dates and the delivery records stay, and the table is rewritten so the old values leave the database's files.",
    answers: [
      {
        status: 200,
        description: "how many tenancies were erased",
        content: json(z.object({ unitId: z.string().meta({ format: "uuid" }), tenancies: z.number().int() })),
      },
    ],
    errors: { 409: "`unit_on_hold`: the unit is on a legal hold (`PUT /api/units/{id}/hold`): nothing is erased" },
  },
];

// What the code returns must fit the documented answer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<Tenancy, z.output<typeof TenancyAnswer>>;
void check;

// The admin's search for a resident's erasure request (lib/register/residents.ts).

const Text = z.string().nullable();

const ResidentsAnswer = z.object({
  count: z.number().int(),
  residents: z.array(
    z.object({
      id: z.string().meta({ format: "uuid", description: "the unit's id, for `DELETE /api/units/{id}/resident`" }),
      tenancyId: z.string().meta({ format: "uuid", description: "the tenancy whose resident matched (`?tenancy=`)" }),
      mscnumber: Text,
      pmnumber: Text,
      owner: z.string().meta({ description: "the e-mail address of the user whose register holds the unit" }),
      property: Text,
      label: Text,
      moveIn: z.string().meta({ format: "date" }).nullable(),
      moveOut: z.string().meta({ format: "date" }).nullable(),
      resident: z.object({ name: z.string(), channel: z.enum(CHANNELS) }),
      hold: HoldAnswer.nullable().meta({ description: "the unit's legal hold: its erasure answers 409 while set" }),
    }),
  ),
});

export const RESIDENT_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/admin/residents",
    tag: "units",
    summary: "Search every user's register for a resident (for an erasure request)",
    access: ["admin"],
    query: ResidentsQuery,
    params: {
      q: "resident's name or e-mail address, or unit number (substring, case-insensitive); at least 2 characters",
    },
    description:
      "Tenancies whose resident's data is still held, in the order name, owner, unit, move-in. The term is personal data: the app logs route patterns only, never a query string, and no audit event records it.",
    answers: [{ status: 200, description: "one page of the matches and their total", content: json(ResidentsAnswer) }],
  },
];

// What the code returns must fit the documented answer, and the reverse.
const residentsCheck: true = true as Same<
  Awaited<ReturnType<typeof searchResidents>>,
  z.output<typeof ResidentsAnswer>
>;
void residentsCheck;
