"use client";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";

const SIZES = [25, 50, 100, 200];

/** Paging of a list whose total is known: where we are, back and forth, and the page size. */
export function Pager(props: { offset: number; limit: number; count: number; onChange: (patch: { offset?: number; limit?: number }) => void }) {
  const t = useT();
  const first = props.count === 0 ? 0 : props.offset + 1;
  const last = Math.min(props.offset + props.limit, props.count);
  return (
    <nav aria-label={t("deliveryPage.paging")} className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        type="button"
        disabled={props.offset <= 0}
        onClick={() => props.onChange({ offset: Math.max(0, props.offset - props.limit) })}
      >
        {t("deliveryPage.prev")}
      </Button>
      <p className="text-sm text-slate-800">{t("deliveryPage.range", { first, last, count: props.count })}</p>
      <Button variant="secondary" type="button" disabled={last >= props.count} onClick={() => props.onChange({ offset: props.offset + props.limit })}>
        {t("deliveryPage.next")}
      </Button>
      <label className="ml-auto flex items-center gap-2 text-sm">
        {t("deliveryPage.pageSize")}
        <select
          value={props.limit}
          onChange={(e) => props.onChange({ limit: Number(e.target.value), offset: 0 })}
          className="rounded border border-slate-300 bg-white px-2 py-1"
        >
          {(SIZES.includes(props.limit) ? SIZES : [...SIZES, props.limit].sort((a, b) => a - b)).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
