"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";

export type NavGroup = { label: MessageKey; entries: { href: string; label: MessageKey }[] };

/** The entry the path belongs to: the longest href it equals or lies under (`/delivery/outbox` over `/delivery`). */
export function activeHref(groups: NavGroup[], pathname: string): string | undefined {
  return groups
    .flatMap((g) => g.entries.map((e) => e.href))
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The main navigation, one labelled list per task group (no headings, so that each page's h1 opens its outline),
 * the current page marked with aria-current. `onNavigate` lets the phone's menu close on a choice.
 */
export function NavGroups(props: { groups: NavGroup[]; onNavigate?: () => void }) {
  const t = useT();
  const active = activeHref(props.groups, usePathname());
  const id = useId();
  return (
    <nav aria-label={t("nav.main")}>
      <ul className="flex flex-col gap-5">
        {props.groups.map((group, i) => (
          <li key={group.label}>
            <span id={`${id}-${i}`} className="block px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {t(group.label)}
            </span>
            <ul aria-labelledby={`${id}-${i}`} className="mt-1 flex flex-col gap-0.5">
              {group.entries.map((entry) => (
                <li key={entry.href}>
                  <Link
                    href={entry.href}
                    onClick={props.onNavigate}
                    aria-current={entry.href === active ? "page" : undefined}
                    className="block rounded px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 aria-[current=page]:bg-blue-50 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
                  >
                    {t(entry.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
