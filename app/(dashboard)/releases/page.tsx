import { ReleasesPage } from "@/components/releases/releases-page";
import { pageQueries } from "@/lib/pages/prefetch";
import { releasesQuery } from "@/lib/releases/client";
import { listReleases } from "@/lib/releases/releases";
import { teamQuery } from "@/lib/teams/client";
import { readTeam } from "@/lib/teams/teams";

export default async function Page() {
  const { prefetch, hydrate, principal } = await pageQueries("releases");
  await Promise.all([
    prefetch(releasesQuery(), async ({ db }) => ({ releases: await listReleases(db, principal, {}) })),
    prefetch(teamQuery(principal.teamId), ({ db }) => readTeam(db, principal, principal.teamId)),
  ]);
  return hydrate(<ReleasesPage teamId={principal.teamId} />);
}
