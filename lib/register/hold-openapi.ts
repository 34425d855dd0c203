import { z } from "zod";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { json, type ApiOperation } from "@/lib/api/operation";
import type { UnitHold } from "./hold";
import { HoldBody } from "./schemas";

/** The OpenAPI entries of a unit's legal hold (lib/register/hold.ts), and its answer, which the unit's answer shares. */

export const HoldAnswer = z
  .object({
    reason: z.string().meta({ description: "why: a court case, say (“Rechtsstreit”)" }),
    by: z
      .object({ id: z.string().meta({ format: "uuid" }), name: z.string() })
      .nullable()
      .meta({ description: "who set it; `null` once that user is deleted" }),
    at: z.string().meta({ format: "date-time" }),
  })
  .meta({ description: "a legal hold: while set, no erasure touches the unit (docs/api.md, “Retention”)" });

const NOT_FOUND = "`not_found`: no such unit in the caller's team's register (another team's unit included)";

export const HOLD_OPERATIONS: ApiOperation[] = [
  {
    method: "PUT",
    path: "/api/units/{id}/hold",
    tag: "units",
    summary: "Set a unit's legal hold (“Rechtsstreit”), or replace its reason",
    access: CONNECTION_ROLES,
    body: HoldBody,
    description:
      "While the hold is set, neither the retention's sweeps (former residents after RESIDENT_RETENTION_MONTHS, hand-off records after PROOF_RETENTION_YEARS) nor an admin's erasure (409 `unit_on_hold`) touch the unit. A second PUT replaces reason, setter and time. Audited as `unit.hold` with the unit, its key and the reason.",
    answers: [{ status: 200, description: "the hold now set", content: json(z.object({ hold: HoldAnswer })) }],
    errors: { 404: NOT_FOUND },
  },
  {
    method: "DELETE",
    path: "/api/units/{id}/hold",
    tag: "units",
    summary: "Lift a unit's legal hold",
    access: CONNECTION_ROLES,
    description:
      "Erasures apply to the unit again (the next sweep catches up). Audited as `unit.hold_lifted`; a unit without a hold stays as it is.",
    answers: [{ status: 200, description: "no hold", content: json(z.object({ hold: z.null() })) }],
    errors: { 404: NOT_FOUND },
  },
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<UnitHold, z.output<typeof HoldAnswer>>;
void check;
