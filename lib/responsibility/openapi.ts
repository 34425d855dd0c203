import { z } from "zod";
import { json, Uuid, type ApiOperation, type Same } from "@/lib/api/operation";
import type { Absence } from "./absence";
import type { Responsibility, TeamResponsibility } from "./responsibility";
import { AbsenceBody, ResponsibleBody } from "./schemas";

/** The OpenAPI entries of responsibility and absence (lib/openapi/openapi.ts joins them). */

const Person = z.object({ id: Uuid, name: z.string() });
const ResponsibilityAnswer = z.object({ property: z.string(), responsible: Person, deputy: Person.nullable() });
const TeamResponsibilityAnswer = z.object({
  members: z.array(Person).meta({ description: "the caller's team, who may be named" }),
  properties: z.array(z.object({ property: z.string(), responsible: Person.nullable(), deputy: Person.nullable() })),
});
const Day = z.string().meta({ format: "date" });
const AbsenceAnswer = z.object({ absence: z.object({ from: Day, to: Day }).nullable() });

export const RESPONSIBILITY_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/properties/responsible",
    tag: "users",
    summary: "The team's members and who looks after each property of its register",
    access: "signed-in",
    description: "At most 1000 properties, by name.",
    answers: [{ status: 200, description: "members and properties", content: json(TeamResponsibilityAnswer) }],
  },
  {
    method: "PUT",
    path: "/api/properties/responsible",
    tag: "users",
    summary: "Name the responsible member and the deputy of one property",
    access: "signed-in",
    body: ResponsibleBody,
    description:
      "Both must be members of the caller's team (else 400 naming the field), the deputy not the responsible one; audited.",
    answers: [{ status: 200, description: "the property's people", content: json(ResponsibilityAnswer) }],
    errors: { 404: "`not_found`: no property of that name in the team's register" },
  },
  {
    method: "GET",
    path: "/api/me/absence",
    tag: "users",
    summary: "The caller's recorded absence",
    access: "signed-in",
    answers: [{ status: 200, description: "the absence, or null", content: json(AbsenceAnswer) }],
  },
  {
    method: "PUT",
    path: "/api/me/absence",
    tag: "users",
    summary: "Record the caller's absence, or end it with null",
    access: "signed-in",
    body: AbsenceBody,
    description:
      "First to last day, both counted; replaces the one before. While it lasts, the deputies act for the caller's properties. Audited with the dates only.",
    answers: [{ status: 200, description: "the absence, or null", content: json(AbsenceAnswer) }],
  },
];

const checks: true[] = [
  true as Same<Responsibility, z.output<typeof ResponsibilityAnswer>>,
  true as Same<TeamResponsibility, z.output<typeof TeamResponsibilityAnswer>>,
  true as Same<{ absence: Absence | null }, z.output<typeof AbsenceAnswer>>,
];
void checks;
