import type { ReactNode } from "react";
import { AppProviders } from "@/components/app-providers";
import { AppShell } from "@/components/shell/app-shell";
import { navFor, pagePrincipal } from "@/lib/auth/pages";
import { getDb } from "@/lib/db/client";
import { teamOf } from "@/lib/teams/teams";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, principal } = await pagePrincipal();
  const team = await teamOf(await getDb(), principal);
  return (
    <AppProviders>
      <AppShell user={{ name: user.name, role: user.role, team: team.name }} nav={navFor(user.role)}>
        {children}
      </AppShell>
    </AppProviders>
  );
}
