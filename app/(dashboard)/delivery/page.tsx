import { PendingPage } from "@/components/shell/pending-page";

export default function DeliveryPage() {
  return <PendingPage id="delivery" />;
}
