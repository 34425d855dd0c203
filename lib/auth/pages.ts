import "server-only";
import { notFound } from "next/navigation";
import type { Role } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import type { MessageKey } from "@/lib/i18n/messages";
import { SUPPORT_ROLES } from "./roles";
import { pageUser, type CurrentUser } from "./session";

/** Which role may open which page: the navigation and the pages themselves read this one table. */
export const PAGES = [
  { id: "documents", href: "/documents", label: "nav.inbox", roles: ["admin", "manager"] },
  { id: "units", href: "/units", label: "nav.units", roles: ["admin", "manager"] },
  { id: "handoffs", href: "/handoffs", label: "nav.handoffs", roles: ["admin", "manager"] },
  { id: "connections", href: "/connections", label: "nav.connections", roles: ["admin", "manager"] },
  { id: "delivery", href: "/delivery", label: "nav.delivery", roles: SUPPORT_ROLES },
  { id: "users", href: "/admin/users", label: "nav.users", roles: ["admin"] },
  { id: "residents", href: "/admin/residents", label: "nav.residents", roles: ["admin"] },
  { id: "sandbox-mail", href: "/sandbox/mail", label: "nav.sandboxMail", roles: ["admin"], sandboxOnly: true },
] as const satisfies readonly {
  id: string;
  href: string;
  label: MessageKey;
  roles: readonly Role[];
  sandboxOnly?: true;
}[];

export type PageId = (typeof PAGES)[number]["id"];

export function pagesFor(role: Role) {
  // A sandbox page exists only while the sandbox runs (SANDBOX=1).
  return PAGES.filter((p) => (p.roles as readonly Role[]).includes(role) && (!("sandboxOnly" in p) || env().sandbox));
}

/** For a page: the signed-in user, a redirect to sign in, or 404 for a role that may not see it. */
export async function requirePage(id: PageId): Promise<CurrentUser> {
  const user = await pageUser();
  if (!pagesFor(user.role).some((p) => p.id === id)) notFound();
  return user;
}
