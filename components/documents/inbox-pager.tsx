"use client";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";

export const PAGE_SIZES = [10, 25, 50] as const;

/** Paging by usage units: previous/next, "page x of y" and the page size, all in the URL. */
export function InboxPager(props: { offset: number; limit: number; units: number; onChange: (patch: { offset: number; limit?: number }) => void }) {
  const t = useT();
  const { offset, limit, units } = props;
  const pages = Math.max(1, Math.ceil(units / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  const sizes: number[] = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number]) ? [...PAGE_SIZES] : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <nav aria-label={t("inbox.pager.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={offset <= 0} onClick={() => props.onChange({ offset: Math.max(0, offset - limit) })}>
          {t("inbox.pager.prev")}
        </Button>
        <p aria-live="polite" data-testid="inbox-page">
          {t("inbox.pager.page", { page, pages })}
        </p>
        <Button variant="secondary" disabled={offset + limit >= units} onClick={() => props.onChange({ offset: offset + limit })}>
          {t("inbox.pager.next")}
        </Button>
      </div>
      <label className="flex items-center gap-2">
        <span>{t("inbox.pager.size")}</span>
        <select
          value={limit}
          onChange={(e) => props.onChange({ offset: 0, limit: Number(e.target.value) })}
          className="rounded border border-slate-300 bg-white px-2 py-1"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
