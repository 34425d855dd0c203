import { redirect } from "next/navigation";
import { MonthView } from "@/components/month-round/month-view";
import { monthRoundQuery, readMonthRoundSearch } from "@/lib/views/month-round/client";
import { getDb } from "@/lib/db/client";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";
import { readTeam } from "@/lib/teams/teams";
import { documentMonths, readMonthRound } from "@/lib/views/month-round/round";

/**
 * The month page, the managers' landing page: the URL's month, else the latest month with documents (put into the
 * URL, so that a reload and a shared link show the same month), prefetched; with the team's four eyes, under which
 * "Bestätigen und weitergeben" goes as one request.
 */
export default async function MonthPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = readMonthRoundSearch(plainParams(await props.searchParams));
  const { prefetch, hydrate, principal } = await pageQueries("month");
  if (!search.month) {
    const [latest] = await documentMonths(await getDb(), principal);
    if (latest) redirect(`/month?month=${latest}${search.mine ? `&mine=${search.mine}` : ""}`);
  }
  const input = { month: search.month, mine: search.mine };
  const [team] = await Promise.all([
    readTeam(await getDb(), principal, principal.teamId),
    prefetch(monthRoundQuery(input), (s) => readMonthRound(s.db, s.principal, input)),
  ]);
  return hydrate(<MonthView initialMonth={search.month ?? null} fourEyes={team.fourEyes.enabled} />);
}
