import { TeamsAdmin } from "@/components/teams/teams-admin";
import { pageQueries } from "@/lib/pages/prefetch";
import { teamsQuery } from "@/lib/teams/client";
import { listTeams } from "@/lib/teams/teams";

export default async function TeamsPage() {
  const { user, prefetch, hydrate } = await pageQueries("teams");
  await prefetch(teamsQuery(), ({ db }) => listTeams(db));
  return hydrate(<TeamsAdmin ownTeamId={user.teamId} />);
}
