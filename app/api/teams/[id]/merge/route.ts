import { z } from "zod";
import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { mergeTeams } from "@/lib/teams/merge";
import { MergeTeamsBody, TeamId } from "@/lib/teams/schemas";

export const POST = withRole(
  ["admin"],
  { body: MergeTeamsBody, params: z.object({ id: TeamId }), notFound: "teams.notFound" },
  async ({ principal, body, params }) => mergeTeams(await getDb(), principal, params.id, body),
);
