import { notFound } from "next/navigation";
import { ReportTimeline } from "@/components/delivery/report-timeline";
import { reportTimelineQuery } from "@/lib/onsite-roles/client";
import { AppError } from "@/lib/errors";
import { pageQueries } from "@/lib/pages/prefetch";
import { ReportUnitKey } from "@/lib/onsite-roles/schemas";
import { unitReportTimeline } from "@/lib/onsite-roles/timeline";

/** Support's timeline of one unit's on-site-roles reports. */
export default async function DeliveryUnitReportsPage({ params }: { params: Promise<{ unit: string }> }) {
  const { client, prefetch, hydrate } = await pageQueries("delivery");
  const key = ReportUnitKey.safeParse({ id: (await params).unit });
  if (!key.success) notFound();
  const timeline = reportTimelineQuery(key.data.id);
  await prefetch(timeline, ({ db, principal }) => unitReportTimeline(db, principal, key.data.id));
  const failed = client.getQueryState(timeline.queryKey)?.error;
  if (failed instanceof AppError && failed.status === 404) notFound();
  return hydrate(<ReportTimeline unitId={key.data.id} />);
}
