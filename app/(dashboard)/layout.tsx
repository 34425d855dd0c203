import type { ReactNode } from "react";
import { AppProviders } from "@/components/app-providers";
import { AppShell } from "@/components/shell/app-shell";
import { pageUser } from "@/lib/auth/session";
import { navFor } from "@/lib/auth/pages";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await pageUser();
  return (
    <AppProviders>
      <AppShell user={{ name: user.name, role: user.role }} nav={navFor(user.role)}>
        {children}
      </AppShell>
    </AppProviders>
  );
}
