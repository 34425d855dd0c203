import "server-only";
import { notFound } from "next/navigation";
import type { Role } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import type { MessageKey } from "@/lib/i18n/messages";
import { SUPPORT_ROLES } from "./roles";
import { principalOf, type Principal } from "./principal";
import { pageUser, type CurrentUser } from "./session";

/** Which role may open which page: the navigation and the pages themselves read this one table. */
export const PAGES = [
  { id: "month", href: "/month", label: "nav.month", roles: ["admin", "manager"] },
  { id: "documents", href: "/documents", label: "nav.inbox", roles: ["admin", "manager"] },
  { id: "units", href: "/units", label: "nav.units", roles: ["admin", "manager"] },
  { id: "handoffs", href: "/handoffs", label: "nav.handoffs", roles: ["admin", "manager"] },
  { id: "releases", href: "/releases", label: "nav.releases", roles: ["admin", "manager"] },
  { id: "connections", href: "/connections", label: "nav.connections", roles: ["admin", "manager"] },
  { id: "delivery", href: "/delivery", label: "nav.delivery", roles: SUPPORT_ROLES },
  { id: "users", href: "/admin/users", label: "nav.users", roles: ["admin"] },
  { id: "teams", href: "/admin/teams", label: "nav.teams", roles: ["admin"] },
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

type NavEntry = { page: PageId; href?: string; label?: MessageKey };

/**
 * The navigation, grouped by task in the order of a month's work; an entry shows when its page is the role's. The
 * delivery record's other views (completeness, outbox) are entries of their own under the same page's rights.
 */
const NAV: readonly { label: MessageKey; entries: readonly NavEntry[] }[] = [
  { label: "shell.group.month", entries: [{ page: "month" }, { page: "documents" }, { page: "units" }] },
  {
    label: "shell.group.delivery",
    entries: [
      { page: "handoffs" },
      { page: "releases" },
      { page: "delivery" },
      { page: "delivery", href: "/delivery/completeness", label: "deliveryPage.view.completeness" },
      { page: "delivery", href: "/delivery/outbox", label: "outbox.support.view" },
      { page: "delivery", href: "/delivery/reports", label: "reports.support.view" },
    ],
  },
  {
    label: "shell.group.admin",
    entries: [{ page: "connections" }, { page: "users" }, { page: "teams" }, { page: "residents" }],
  },
  { label: "shell.group.sandbox", entries: [{ page: "sandbox-mail" }] },
];

/** The role's navigation: its groups with at least one entry, each entry a link and its label. */
export function navFor(role: Role): { label: MessageKey; entries: { href: string; label: MessageKey }[] }[] {
  const pages = new Map<string, { href: string; label: MessageKey }>(pagesFor(role).map((p) => [p.id, p]));
  return NAV.map((group) => ({
    label: group.label,
    entries: group.entries.flatMap((e) => {
      const page = pages.get(e.page);
      return page ? [{ href: e.href ?? page.href, label: e.label ?? page.label }] : [];
    }),
  })).filter((group) => group.entries.length > 0);
}

/** For a page: the signed-in user, a redirect to sign in, or 404 for a role that may not see it. */
export async function requirePage(id: PageId): Promise<CurrentUser> {
  const user = await pageUser();
  if (!pagesFor(user.role).some((p) => p.id === id)) notFound();
  return user;
}

/** Any signed-in page's user and principal (the dashboard's layout: the shell's team name), or a redirect to sign in. */
export async function pagePrincipal(): Promise<{ user: CurrentUser; principal: Principal }> {
  const user = await pageUser();
  return { user, principal: principalOf(user) };
}

/** `requirePage` with the principal the page's data functions take (lib/auth/principal.ts). */
export async function requirePagePrincipal(id: PageId): Promise<{ user: CurrentUser; principal: Principal }> {
  const user = await requirePage(id);
  return { user, principal: principalOf(user) };
}
