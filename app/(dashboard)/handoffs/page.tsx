import { HandoffMonthView } from "@/components/handoff-month/month-view";
import { handoffMonthQuery, handoffTextQuery, readHandoffMonthSearch } from "@/lib/views/handoff-month/client";
import { getDb } from "@/lib/db/client";
import { ownProperties, readHandoffMonth } from "@/lib/views/handoff-month/month";
import { documentMonths } from "@/lib/views/month-round/round";
import { readText } from "@/lib/handoffs/texts/texts";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";
import { localToday } from "@/lib/today";

/**
 * The monthly §6a view: the URL's property and month, else the register's first property and the latest month with
 * documents (this month when none has any), prefetched with its text.
 */
export default async function HandoffsPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = readHandoffMonthSearch(plainParams(await props.searchParams));
  const { prefetch, hydrate, principal } = await pageQueries("handoffs");
  const db = await getDb();
  const [properties, months] = await Promise.all([ownProperties(db, principal), documentMonths(db, principal)]);
  const fallback = { property: properties[0] ?? "", month: months[0] ?? localToday(new Date()).month };
  const input = { property: search.property ?? fallback.property, month: search.month ?? fallback.month };
  if (input.property)
    await Promise.all([
      prefetch(handoffMonthQuery(input), (s) => readHandoffMonth(s.db, s.principal, input, s.locale)),
      prefetch(handoffTextQuery(input.property), (s) => readText(s.db, s.principal, input.property)),
    ]);
  return hydrate(<HandoffMonthView properties={properties} fallback={fallback} />);
}
