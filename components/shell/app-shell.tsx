"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import type { Role } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { LanguageSwitch } from "./language-switch";
import { SignOutButton } from "./sign-out-button";

/**
 * The page frame: header with the app's name, navigation, user, language and sign-out, and the
 * main column. On a phone the header takes three short rows (name and sign-out, user and
 * language, navigation) rather than a column of its own, so the page's content starts in sight.
 */
export function AppShell(props: {
  user: { name: string; role: Role };
  nav: { href: string; label: MessageKey }[];
  children: ReactNode;
}) {
  const t = useT();
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t("nav.skip")}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3 max-md:gap-x-3 max-md:gap-y-1 max-md:py-2">
          <span className="font-semibold text-blue-800 max-md:order-1 max-md:flex-1">{t("app.name")}</span>
          <nav aria-label={t("nav.main")} className="flex-1 max-md:order-5 max-md:basis-full">
            <ul className="flex flex-wrap gap-1 max-md:gap-y-0">
              {props.nav.map((item) => {
                const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className="rounded px-3 py-2 text-sm max-md:px-1.5 max-md:text-xs hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
                    >
                      {t(item.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p
            className="text-sm text-slate-700 max-md:order-3 max-md:grow max-md:basis-1/2 max-md:text-xs"
            data-testid="current-user"
          >
            {props.user.name} · <span>{t(`role.${props.user.role}`)}</span>
          </p>
          <div className="max-md:order-4">
            <LanguageSwitch signedIn />
          </div>
          <div className="max-md:order-2">
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {props.children}
      </main>
    </div>
  );
}
