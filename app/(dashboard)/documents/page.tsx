import { PendingPage } from "@/components/shell/pending-page";

export default function DocumentsPage() {
  return <PendingPage id="documents" />;
}
