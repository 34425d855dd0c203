import { ConnectionsManager } from "@/components/connections/connections-manager";
import { requirePage } from "@/lib/auth/pages";

export default async function ConnectionsPage() {
  await requirePage("connections");
  return <ConnectionsManager />;
}
