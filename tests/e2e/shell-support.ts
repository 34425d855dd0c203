import type { Page } from "@playwright/test";

/**
 * The main navigation, in the side bar from `lg` up; on a narrower window it is first opened behind the one menu
 * button (components/shell/menu-dialog.tsx). German or English.
 */
export async function mainNav(page: Page) {
  const menu = page.getByRole("button", { name: /^(☰ )?(Menü|Menu)$/ });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("navigation", { name: /^(Hauptnavigation|Main navigation)$/ });
}

/** A connection's "Jetzt abgleichen" on the inbox; on a phone its connections are first unfolded from their one line. */
export async function syncButton(page: Page, connection: string) {
  const fold = page.getByRole("button", { name: /Verbindung(en)?: Abgleich und Stand/ });
  if ((await fold.isVisible()) && (await fold.getAttribute("aria-expanded")) === "false") await fold.click();
  return page.getByRole("button", { name: `Jetzt abgleichen: ${connection}` });
}
