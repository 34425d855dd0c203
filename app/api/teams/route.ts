import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { CreateTeamBody } from "@/lib/teams/schemas";
import { createTeam, listTeams } from "@/lib/teams/teams";

export const GET = withRole(["admin"], {}, async () => listTeams(await getDb()));

export const POST = withRole(["admin"], { body: CreateTeamBody }, async ({ principal, body }) =>
  Response.json(await createTeam(await getDb(), principal, body), { status: 201 }),
);
