import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { UnitsSearch } from "@/lib/register/list";
import { openReportsByProperty } from "@/lib/onsite-roles/open";
import { attachReports } from "@/lib/onsite-roles/view";
import { listUnits } from "@/lib/register/register";
import { actingForSql, scopeOf } from "@/lib/responsibility/responsibility";
import { today } from "@/lib/today";
import { withReplies } from "./unit";

/**
 * The register's page as `GET /api/units` answers it (docs/api.md, "The unit register"): a page of the register
 * (lib/register) with each unit's newest replies read back (./unit.ts), its last reports and the open reports counted per property (lib/onsite-roles), joined
 * here because the register imports nothing of the reports, and in the page's scope (lib/responsibility `scopeOf`:
 * "Meine Liegenschaften" when asked, or unasked when the caller acts for any property, else the whole team's).
 */
export async function readUnitsPage(db: Db, p: Principal, search: UnitsSearch) {
  const day = search.day ?? today();
  const scope = await scopeOf(db, p, search.mine, today());
  const only = scope === "mine" ? actingForSql(p, today()) : undefined;
  // The counts do not wait for the page: one read less on the way of a page asked during an import.
  const [{ count, units, properties, unknownMoveIns }, open] = await Promise.all([
    listUnits(db, p, search, only).then(async (page) => ({
      ...page,
      units: await withReplies(db, p, await attachReports(db, page.units, day)),
    })),
    openReportsByProperty(db, p, day),
  ]);
  // The open reports counted per property (docs/api.md, "On-site-roles reports"), for the register's list.
  const openReports = [...open].map(([property, counts]) => ({ property, ...counts }));
  return { count, scope, units, properties, openReports, unknownMoveIns };
}
