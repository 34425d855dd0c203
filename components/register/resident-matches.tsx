"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { Td } from "@/components/ui/table";
import { RESIDENTS_PAGE_SIZES, residentsQuery, type ResidentMatch, type ResidentsQuery } from "@/lib/register/client";
import { useT } from "@/lib/i18n/client";
import { CARD, UnitNumberCell, UnitTable } from "./unit-table";
import { HoldBadge } from "./unit-hold";

/** How the admin's page names a unit: its number as the register keys it. */
export const unitNumberOf = (m: ResidentMatch) => m.mscnumber ?? m.pmnumber ?? "";

function MatchRow({ match, onErase }: { match: ResidentMatch; onErase: (button: HTMLButtonElement) => void }) {
  const t = useT();
  return (
    <tr data-testid="resident-row" className={CARD.row}>
      <UnitNumberCell mscnumber={match.mscnumber} pmnumber={match.pmnumber} />
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>{match.owner}</Td>
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>{match.property ?? "—"}</Td>
      <Td className={CARD.cell}>{match.label ?? "—"}</Td>
      <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>{match.resident.name}</Td>
      <Td className={CARD.cell}>{t(`units.channel.${match.resident.channel}`)}</Td>
      <Td className={CARD.cell}>
        {/* A unit on hold is not erased (409 `unit_on_hold`): the hold and why stand where the button would. */}
        {match.hold ? (
          <div className="text-sm">
            <HoldBadge hold={match.hold} />
            <p className="mt-1 text-xs text-slate-700">{t("residents.held")}</p>
          </div>
        ) : (
          <Button
            type="button"
            variant="danger"
            onClick={(e) => onErase(e.currentTarget)}
            aria-label={t("residents.eraseLabel", { name: match.resident.name, unit: unitNumberOf(match) })}
          >
            {t("residents.erase")}
          </Button>
        )}
      </Td>
    </tr>
  );
}

/** One page of the search's matches, each with its erase button, and the pager. */
export function ResidentMatches(props: {
  search: ResidentsQuery;
  onPage: (patch: { offset: number; limit?: number }) => void;
  onErase: (m: ResidentMatch, button: HTMLButtonElement) => void;
}) {
  const t = useT();
  const list = useQuery({ ...residentsQuery(props.search), placeholderData: keepPreviousData });
  const matches = list.data?.residents ?? [];
  const count = list.data?.count ?? 0;
  const caption = t("residents.caption", {
    first: props.search.offset + 1,
    last: props.search.offset + matches.length,
    count,
  });
  return (
    <>
      {list.isPending && <p role="status">{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("residents.loadFailed", { reason: list.error.message })}
        </p>
      )}
      {list.data && matches.length === 0 && <EmptyState title={t("residents.empty")} />}
      {matches.length > 0 && (
        <UnitTable
          caption={caption}
          headers={[
            t("units.col.mscnumber"),
            t("residents.col.owner"),
            t("units.col.property"),
            t("units.col.label"),
            t("units.col.resident"),
            t("units.col.channel"),
          ]}
        >
          {matches.map((m) => (
            <MatchRow key={m.tenancyId} match={m} onErase={(button) => props.onErase(m, button)} />
          ))}
        </UnitTable>
      )}
      {count > 0 && (
        <Pager
          offset={props.search.offset}
          limit={props.search.limit}
          count={count}
          sizes={RESIDENTS_PAGE_SIZES}
          sizeLabel={t("residents.pageSize")}
          onChange={props.onPage}
        />
      )}
    </>
  );
}
