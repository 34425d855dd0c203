import { ReportList } from "@/components/delivery/report-list";
import { reportedUnitsQuery } from "@/lib/onsite-roles/client";
import { readReportsSearch } from "@/lib/onsite-roles/list";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";
import { listReportedUnits } from "@/lib/onsite-roles/timeline";

/** Support's on-site-roles reports across every register, the first view prefetched from the URL's search. */
export default async function DeliveryReportsPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { prefetch, hydrate } = await pageQueries("delivery");
  const search = readReportsSearch(plainParams(await props.searchParams));
  await prefetch(reportedUnitsQuery(search), ({ db }) => listReportedUnits(db, search));
  return hydrate(<ReportList />);
}
