import { ReleasesPage } from "@/components/releases/releases-page";
import { pageQueries } from "@/lib/pages/prefetch";
import { releasesQuery } from "@/lib/releases/client";
import { listReleases } from "@/lib/releases/releases";

export default async function Page() {
  const { prefetch, hydrate } = await pageQueries("releases");
  await prefetch(releasesQuery(), async ({ db, principal }) => ({ releases: await listReleases(db, principal, {}) }));
  return hydrate(<ReleasesPage />);
}
