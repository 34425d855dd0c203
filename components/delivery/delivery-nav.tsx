"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/lib/i18n/client";

const VIEWS = [
  { href: "/delivery", label: "deliveryPage.view.documents" },
  { href: "/delivery/completeness", label: "deliveryPage.view.completeness" },
  { href: "/delivery/outbox", label: "outbox.support.view" },
  { href: "/delivery/reports", label: "reports.support.view" },
] as const;

/** A view is the current page on its own path and, but for the record's root, on the paths below it. */
const current = (pathname: string, href: string) =>
  pathname === href || (href !== "/delivery" && pathname.startsWith(`${href}/`));

/** The page's heading and its views: the document record, the completeness grid, the DTA outbox and the reports. */
export function DeliveryHeader() {
  const t = useT();
  const pathname = usePathname();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h1 id="page-title" className="text-xl font-semibold">
          {t("deliveryPage.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("deliveryPage.intro")}</p>
      </div>
      <nav aria-label={t("deliveryPage.views")}>
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
          {VIEWS.map((v) => (
            <li key={v.href}>
              <Link
                href={v.href}
                aria-current={current(pathname, v.href) ? "page" : undefined}
                className="-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 hover:text-slate-900 aria-[current=page]:border-blue-700 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
              >
                {t(v.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
