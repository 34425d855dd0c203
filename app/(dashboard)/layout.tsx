import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { pageUser } from "@/lib/auth/session";
import { pagesFor } from "@/lib/auth/pages";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await pageUser();
  const nav = pagesFor(user.role).map(({ href, label }) => ({ href, label }));
  return (
    <AppShell user={{ name: user.name, role: user.role }} nav={nav}>
      {children}
    </AppShell>
  );
}
