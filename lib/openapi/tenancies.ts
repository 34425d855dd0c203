import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import type { Tenancy } from "@/lib/register/tenancies/history";
import { AssignmentBody, AssignmentKey, CorrectBody, EraseQuery, MoveBody } from "@/lib/register/tenancies/schemas";
import { json, type ApiOperation } from "@/lib/api/operation";
import { TenancyAnswer } from "./units";

/** The OpenAPI entries of a unit's tenancies, the assignments and a resident's erasure (lib/register/tenancies). */

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
  },
];

// What the code returns must fit the documented answer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<Tenancy, z.output<typeof TenancyAnswer>>;
void check;
