import { UnitsView } from "@/components/register/units-view";
import { readUnitsSearch, unitsQuery } from "@/lib/views/units-page/client";
import { plainParams } from "@/lib/lists/params";
import { readUnitsPage } from "@/lib/views/units-page/units-page";
import { pageQueries } from "@/lib/pages/prefetch";

/** The signed-in user's unit register, its first view prefetched from the URL's search. */
export default async function UnitsPage(props: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = readUnitsSearch(plainParams(await props.searchParams));
  const { prefetch, hydrate } = await pageQueries("units");
  await prefetch(unitsQuery(search), ({ db, principal }) => readUnitsPage(db, principal, search));
  return hydrate(<UnitsView />);
}
