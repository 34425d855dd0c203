import { z } from "zod";
import { json, type ApiOperation } from "@/lib/api/operation";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { ReplyAnswer } from "@/lib/handoff-replies";
import { UnitAnswer } from "@/lib/register/openapi";
import type { UnitWithReplies } from "./unit";

/** The OpenAPI entry of one unit with its replies (./unit.ts). */

export const UnitWithRepliesAnswer = UnitAnswer.extend({
  replies: z.array(ReplyAnswer).meta({ description: "the newest 50 replies read back, newest first" }),
});

export const UNIT_PAGE_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/units/{id}",
    tag: "units",
    summary: "One unit of the team's register, with the replies read back from its residents' e-mails",
    access: CONNECTION_ROLES,
    description:
      "The unit as `GET /api/units` lists it, and `replies`: the newest 50 auto-replies and residents' replies to its e-mail hand-offs (docs/api.md, “Bounces”).",
    answers: [{ status: 200, description: "the unit", content: json(UnitWithRepliesAnswer) }],
    errors: { 404: "`not_found`: no such unit in the caller's team's register (another team's unit included)" },
  },
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<UnitWithReplies, z.output<typeof UnitWithRepliesAnswer>>;
void check;
