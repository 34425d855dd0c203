"use client";
import Link from "next/link";
import type { UnregisteredDocuments } from "@/lib/views/month-round/client";
import { useT } from "@/lib/i18n/client";

const link = "text-sm text-blue-800 underline underline-offset-2";

/**
 * The month's documents that no property of the register takes, one line per connection (issue #50: the demo's
 * landing page said "nichts mehr zu tun" while 576 such documents were open): how many, how many are open, and the
 * two places to act: the register, to add their units, and the inbox, where they are listed under "Nicht zugeordnet".
 */
export function UnregisteredLines({ lines, month }: { lines: UnregisteredDocuments[]; month: string }) {
  const t = useT();
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="month-unregistered-title"
      className="flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-4"
      data-testid="month-unregistered"
    >
      <h2 id="month-unregistered-title" className="text-base font-semibold text-slate-900">
        {t("month.unregistered.title")}
      </h2>
      <ul className="flex flex-col gap-2 text-sm text-slate-900">
        {lines.map((l) => (
          <li key={l.connectionId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span>
              {t(l.documents === 1 ? "month.unregistered.one" : "month.unregistered.other", {
                n: l.documents,
                units: l.units,
                connection: l.connectionName,
              })}{" "}
              {l.open > 0 && t("month.unregistered.open", { n: l.open })}
            </span>
            <Link href="/units" className={link}>
              {t("month.unregistered.register")}
            </Link>
            <Link
              href={`/documents?${new URLSearchParams({ connection: l.connectionId, month, state: "all" }).toString()}`}
              className={link}
            >
              {t("month.unregistered.inbox")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
