"use client";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";

/**
 * Paging of a list whose total is known, in the URL's `offset` and `limit`: back and forth, where
 * we are (page and range), and the page size among the list's sizes (lib/lists/).
 */
export function Pager(props: {
  offset: number;
  limit: number;
  count: number;
  sizes: readonly number[];
  /** What a page holds, e.g. "Nutzeinheiten pro Seite". */
  sizeLabel: string;
  onChange: (patch: { offset: number; limit?: number }) => void;
}) {
  const t = useT();
  const { offset, limit, count } = props;
  const pages = Math.max(1, Math.ceil(count / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  const first = count === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, count);
  const sizes = props.sizes.includes(limit) ? props.sizes : [...props.sizes, limit].sort((a, b) => a - b);
  return (
    <nav aria-label={t("pager.label")} className="flex flex-wrap items-center gap-3 text-sm">
      <Button
        variant="secondary"
        type="button"
        disabled={offset <= 0}
        onClick={() => props.onChange({ offset: Math.max(0, offset - limit) })}
      >
        {t("pager.prev")}
      </Button>
      <p aria-live="polite" className="text-slate-800" data-testid="pager-status">
        {t("pager.status", { page, pages, first, last, count })}
      </p>
      <Button
        variant="secondary"
        type="button"
        disabled={last >= count}
        onClick={() => props.onChange({ offset: offset + limit })}
      >
        {t("pager.next")}
      </Button>
      <label className="ml-auto flex items-center gap-2">
        {props.sizeLabel}
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
