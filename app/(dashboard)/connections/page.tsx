import { PendingPage } from "@/components/shell/pending-page";

export default function ConnectionsPage() {
  return <PendingPage id="connections" />;
}
