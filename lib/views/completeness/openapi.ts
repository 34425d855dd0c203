import { z } from "zod";
import { json, type ApiOperation, type Same } from "@/lib/api/operation";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { RegisterNamesAnswer } from "@/lib/delivery/support/openapi-answers";
import type { Completeness } from "./completeness";
import { CompletenessQuery } from "./schemas";

/** The OpenAPI entry of support's completeness grid (lib/openapi/openapi.ts joins it) and its answer. */

export const CompletenessAnswer = z.object({
  months: z.array(z.string()),
  units: z.array(
    z.object({
      unit: z.string(),
      pmnumber: z.string().nullable(),
      label: z.string().nullable(),
      register: RegisterNamesAnswer,
      cells: z.array(z.enum(["arrived", "fetched", "confirmed", "handedOver", "missing"]).nullable()),
    }),
  ),
});

export const COMPLETENESS_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/delivery/completeness",
    tag: "delivery",
    summary: "Which unit got its document for which month",
    access: SUPPORT_ROLES,
    query: CompletenessQuery,
    params: {
      property: "a property of the unit registers, by its exact name: the units in it in their owner's register",
      propertymanagement: "the provider's `propertymanagement` value of the documents",
    },
    description:
      "A scope is required: `connection`, `property` and/or `propertymanagement`; at most 36 months, `from` ≤ `to`. The units come by property (named ones by name, then registered ones without, then those no register knows).",
    answers: [{ status: 200, description: "a cell per unit and month", content: json(CompletenessAnswer) }],
  },
];

const checks: true[] = [true as Same<Completeness, z.output<typeof CompletenessAnswer>>];
void checks;
