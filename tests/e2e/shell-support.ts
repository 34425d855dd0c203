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
