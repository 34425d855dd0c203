"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import type { Role } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { LanguageSwitch } from "./language-switch";
import { SignOutButton } from "./sign-out-button";

export function AppShell(props: { user: { name: string; role: Role }; nav: { href: string; label: MessageKey }[]; children: ReactNode }) {
  const t = useT();
  const pathname = usePathname();
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t("nav.skip")}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <span className="font-semibold text-blue-800">{t("app.name")}</span>
          <nav aria-label={t("nav.main")} className="flex-1">
            <ul className="flex flex-wrap gap-1">
              {props.nav.map((item) => {
                const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className="rounded px-3 py-2 text-sm hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:font-semibold aria-[current=page]:text-blue-800"
                    >
                      {t(item.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="text-sm text-slate-700" data-testid="current-user">
            {props.user.name} · <span>{t(`role.${props.user.role}`)}</span>
          </p>
          <LanguageSwitch signedIn />
          <SignOutButton />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {props.children}
      </main>
    </div>
  );
}
