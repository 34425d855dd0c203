import { z } from "zod";
import { withUser } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { TeamId, UpdateTeamBody } from "@/lib/teams/schemas";
import { readTeam, updateTeam } from "@/lib/teams/teams";

export const GET = withUser(
  { params: z.object({ id: TeamId }), notFound: "teams.notFound" },
  async ({ principal, params }) => readTeam(await getDb(), principal, params.id),
);

export const PATCH = withUser(
  { body: UpdateTeamBody, params: z.object({ id: TeamId }), notFound: "teams.notFound" },
  async ({ principal, body, params }) => updateTeam(await getDb(), principal, params.id, body),
);
