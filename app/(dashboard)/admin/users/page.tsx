import { UsersAdmin } from "@/components/users/users-admin";
import { teamsQuery } from "@/lib/teams/client";
import { listTeams } from "@/lib/teams/teams";
import { usersQuery } from "@/lib/users/client";
import { listUsers } from "@/lib/users/users";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function UsersPage() {
  const { user, prefetch, hydrate } = await pageQueries("users");
  await Promise.all([
    prefetch(usersQuery(), ({ db }) => listUsers(db)),
    prefetch(teamsQuery(), ({ db }) => listTeams(db)),
  ]);
  return hydrate(<UsersAdmin currentUserId={user.id} currentTeamId={user.teamId} />);
}
