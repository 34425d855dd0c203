import { ConnectionsManager } from "@/components/connections/connections-manager";
import { connectionsQuery } from "@/lib/connections/client";
import { listConnections } from "@/lib/connections/connections";
import { env } from "@/lib/env";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function ConnectionsPage() {
  const { prefetch, hydrate, principal } = await pageQueries("connections");
  await prefetch(connectionsQuery(), ({ db, locale }) => listConnections(db, principal, locale));
  const adminTeamId = principal.role === "admin" ? principal.teamId : undefined;
  return hydrate(<ConnectionsManager sandbox={env().sandbox} adminTeamId={adminTeamId} />);
}
