"use client";
import type { Role } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";
import { AbsenceButton } from "@/components/responsibility/absence-button";
import { LanguageSwitch } from "./language-switch";
import { SignOutButton } from "./sign-out-button";

/** Who is signed in, as the dashboard's layout reads it at each request: their team's name too (issue #46). */
export type ShellUser = { name: string; role: Role; team: string };

/**
 * Who is signed in (the name once; the role beside it only when it says something the name does not, so the demo's
 * "Administrator" is not shown twice), their team in small print, the language, an absence (components/responsibility)
 * and sign-out.
 */
export function UserBlock({ user }: { user: ShellUser }) {
  const t = useT();
  const role = t(`role.${user.role}`);
  const sameWord = role.trim().toLowerCase() === user.name.trim().toLowerCase();
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <p className="px-3 text-sm" data-testid="current-user">
        <span className="sr-only">{t("shell.signedIn")}: </span>
        <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{user.name}</span>
        {!sameWord && <span className="block text-xs text-slate-600">{role}</span>}
      </p>
      {user.team && (
        <p className="-mt-2 px-3 text-xs text-slate-600 [overflow-wrap:anywhere]" data-testid="current-team">
          {t("shell.team", { name: user.team })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 px-3">
        <LanguageSwitch signedIn />
        <AbsenceButton />
        <SignOutButton />
      </div>
    </div>
  );
}
