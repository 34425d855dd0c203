import { ResidentsAdmin } from "@/components/register/residents-admin";
import { requirePage } from "@/lib/auth/pages";

/** The admin's page for residents' erasure requests; nothing to prefetch, as it lists nothing before a search. */
export default async function ResidentsPage() {
  await requirePage("residents");
  return <ResidentsAdmin />;
}
