"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useT } from "@/lib/i18n/client";
import { NavGroups, type NavGroup } from "./nav-groups";
import { UserBlock, type ShellUser } from "./user-block";

/**
 * The phone's one menu button and the panel it opens from the left (Radix: focus moves into the panel and stays
 * there, Esc or a choice closes it, and the focus returns to the button).
 */
export function MenuDialog(props: { groups: NavGroup[]; user: ShellUser }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className="flex items-center gap-2 rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700">
        <span aria-hidden="true">☰</span>
        {t("shell.menu")}
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 xl:hidden" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none xl:hidden"
        >
          <div className="flex items-center justify-between gap-2">
            <RadixDialog.Title className="px-3 font-semibold text-blue-800">{t("app.name")}</RadixDialog.Title>
            <RadixDialog.Close className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700">
              <span aria-hidden="true">✕</span>
              <span className="sr-only">{t("shell.menuClose")}</span>
            </RadixDialog.Close>
          </div>
          <NavGroups groups={props.groups} onNavigate={() => setOpen(false)} />
          <UserBlock user={props.user} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
