import { z } from "zod";
import { json, Uuid, type ApiOperation, type Same } from "@/lib/api/operation";
import { ROLES } from "@/lib/db/schema/users";
import type { MergeAnswer } from "./merge";
import { CreateTeamBody, MergeTeamsBody, UpdateTeamBody } from "./schemas";
import type { TeamView } from "./teams";

/** The OpenAPI entries of `/api/teams` (lib/openapi/openapi.ts joins them). */

export const TeamAnswer = z.object({
  id: Uuid,
  name: z.string(),
  members: z.array(z.object({ id: Uuid, email: z.string(), name: z.string(), role: z.enum(ROLES) })),
  fourEyes: z.object({ enabled: z.boolean(), minDocuments: z.int() }),
});

export const MergeAnswerSchema = z.object({
  units: z.object({
    merged: z.int(),
    conflicts: z.array(
      z.object({
        unitKey: z.string(),
        label: z.string().nullable(),
        property: z.string().nullable(),
        rows: z.array(z.record(z.string(), z.string().nullable())),
      }),
    ),
  }),
  connections: z.object({ merged: z.int() }),
});

export const TEAM_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/teams",
    tag: "users",
    summary: "Every team with its members",
    access: ["admin"],
    answers: [{ status: 200, description: "the teams", content: json(z.array(TeamAnswer)) }],
  },
  {
    method: "POST",
    path: "/api/teams",
    tag: "users",
    summary: "Make a team",
    access: ["admin"],
    body: CreateTeamBody,
    answers: [{ status: 201, description: "the team, without members yet", content: json(TeamAnswer) }],
  },
  {
    method: "GET",
    path: "/api/teams/{id}",
    tag: "users",
    summary: "One team with its members and its four eyes",
    access: "signed-in",
    description: "An admin any team, a member their own; another team answers 404 like a missing one.",
    answers: [{ status: 200, description: "the team", content: json(TeamAnswer) }],
    errors: { 404: "`not_found`" },
  },
  {
    method: "PATCH",
    path: "/api/teams/{id}",
    tag: "users",
    summary: "Rename a team or set its four eyes",
    access: "signed-in",
    body: UpdateTeamBody,
    description:
      "An admin any team, a manager their own; support gets 403; another team answers 404 like a missing one.",
    answers: [{ status: 200, description: "the team", content: json(TeamAnswer) }],
    errors: { 403: "`forbidden`: support", 404: "`not_found`" },
  },
  {
    method: "POST",
    path: "/api/teams/{id}/merge",
    tag: "users",
    summary: "Merge another team into this one",
    access: ["admin"],
    body: MergeTeamsBody,
    description:
      "Team `from` joins team `{id}` in one transaction: its members, its units (a key both have and whose histories differ is a conflict: the kept unit stays, the other's rows are listed in the import's columns), its texts, settings, releases and connections (a twin to the same provider account is joined into the kept one, its records kept). `from` stays as an empty team.",
    answers: [{ status: 200, description: "what was merged, and the conflicts", content: json(MergeAnswerSchema) }],
    errors: { 400: "`same_team`, `validation`", 404: "`not_found`: either team" },
  },
];

const checks: true[] = [
  true as Same<TeamView, z.output<typeof TeamAnswer>>,
  true as Same<MergeAnswer, z.output<typeof MergeAnswerSchema>>,
];
void checks;
