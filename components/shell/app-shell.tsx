"use client";
import type { ReactNode } from "react";
import { useT } from "@/lib/i18n/client";
import { MenuDialog } from "./menu-dialog";
import { NavGroups, type NavGroup } from "./nav-groups";
import { UserBlock, type ShellUser } from "./user-block";

/**
 * The page frame. From `xl` (1280 px) up, a side bar holds the navigation by task, the user, language and sign-out;
 * below it (a phone, a tablet, a small laptop whose inbox split view and filters it would squeeze), one short bar
 * with the app's name and one menu button that opens the same in a panel, so that a phone's first screen is the
 * page's own. `--shell-aside` is the side bar's width, for a page that widens past its column (the inbox's
 * split view).
 */
export function AppShell(props: { user: ShellUser; nav: NavGroup[]; children: ReactNode }) {
  const t = useT();
  return (
    <div className="min-h-screen xl:pl-(--shell-aside) xl:[--shell-aside:15rem]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        {t("nav.skip")}
      </a>
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2 xl:hidden">
        <span className="font-semibold text-blue-800">{t("app.name")}</span>
        <MenuDialog groups={props.nav} user={props.user} />
      </header>
      <aside className="fixed inset-y-0 left-0 flex w-(--shell-aside) flex-col gap-6 overflow-y-auto border-r border-slate-200 bg-white px-3 py-4 max-xl:hidden">
        <span className="px-3 font-semibold text-blue-800">{t("app.name")}</span>
        <div className="flex-1">
          <NavGroups groups={props.nav} />
        </div>
        <UserBlock user={props.user} />
      </aside>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 max-md:py-4">
        {props.children}
      </main>
    </div>
  );
}
