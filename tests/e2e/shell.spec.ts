import type { Locator, Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * The shell (issue #35): the navigation grouped by task in a side bar at 1440 px, each role only its entries, the
 * user's name once; on a 390 px phone one menu button that opens it, Esc closes it and the focus is back on the
 * button. axe finds nothing serious or critical either way.
 */

const MONTH = ["Monatsübersicht", "Posteingang", "Nutzeinheiten"];
const DELIVERY = ["Zustellung", "Vollständigkeit", "Ausgang", "Meldungen"];
/** The month page is the landing page of managers and admins: at the latest month with documents, if any. */
const MONTH_PAGE = /\/month(\?month=\d{4}-\d{2})?$/;

/** Each group of the navigation by its label, with the names of its links, in the order shown. */
async function groupsOf(nav: Locator): Promise<Record<string, string[]>> {
  const groups: Record<string, string[]> = {};
  for (const list of await nav
    .getByRole("list")
    .filter({ has: nav.page().getByRole("link") })
    .all()) {
    const name = await list.getAttribute("aria-labelledby");
    if (!name) continue;
    const label = ((await nav.page().locator(`[id="${name}"]`).textContent()) ?? "").trim();
    groups[label] = (await list.getByRole("link").allInnerTexts()).map((t) => t.trim());
  }
  return groups;
}

/** How often `text` is on the page as a person sees it (what is hidden does not count). */
const timesShown = async (page: Page, text: string) => (await page.locator("body").innerText()).split(text).length - 1;

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("German: the side bar shows the role's groups and entries only, the current page, the name once", async ({
    page,
    base,
  }) => {
    const manager = await seedUser("manager", "Marta Monatsrunde");
    const support = await seedUser("support", "Sven Zustellung");
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    const cases = [
      {
        user: manager,
        name: manager.name,
        landing: MONTH_PAGE,
        groups: {
          Tagesgeschäft: MONTH,
          "Weitergabe & Zustellung": ["Weitergabe an Bewohner", "Freigaben"],
          Verwaltung: ["Verbindungen"],
        },
      },
      { user: support, name: support.name, landing: /\/delivery$/, groups: { "Weitergabe & Zustellung": DELIVERY } },
      {
        user: { ...ADMIN },
        name: "Administrator",
        landing: MONTH_PAGE,
        groups: {
          Tagesgeschäft: MONTH,
          "Weitergabe & Zustellung": ["Weitergabe an Bewohner", "Freigaben", ...DELIVERY],
          Verwaltung: ["Verbindungen", "Benutzer", "Teams", "Bewohnerdaten"],
          Sandbox: ["Sandbox-Postfach"],
        },
      },
    ];
    for (const c of cases) {
      await page.context().clearCookies();
      await signInAs(page, c.user.email, c.user.password);
      await page.goto(`${base}/`);
      await expect(page).toHaveURL(c.landing);
      await expect(nav).toBeVisible();
      expect(await groupsOf(nav), `the navigation of ${c.name}`).toEqual(c.groups);
      await expect(page.getByRole("button", { name: "Menü", exact: true })).toBeHidden();
      // The name once (the admin's name is its role's word: not said twice), the role beside any other name.
      await expect(page.getByTestId("current-user")).toContainText(c.name);
      expect(await timesShown(page, c.name), `${c.name} on the page`).toBe(1);
      if (c.user === manager) await expect(page.getByTestId("current-user")).toContainText("Verwalter");
    }

    // The current page is marked, and the longest entry wins: the completeness grid is not also "Zustellung".
    await expect(nav.getByRole("link", { name: "Monatsübersicht" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Vollständigkeit" }).click();
    await expect(page).toHaveURL(/\/delivery\/completeness$/);
    await expect(nav.getByRole("link", { name: "Vollständigkeit" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Zustellung" })).not.toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    await expectAccessible(page);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("German: one menu button opens the navigation; Esc closes it and the focus is back on the button", async ({
    page,
    base,
  }) => {
    const manager = await seedUser("manager", "Paula Menü");
    await signInAs(page, manager.email, manager.password);
    await page.goto(`${base}/documents`);
    await expect(page.getByRole("heading", { name: "Posteingang", level: 1 })).toBeInViewport();
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    await expect(nav).toBeHidden();
    const menu = page.getByRole("button", { name: "Menü", exact: true });
    await expect(menu).toHaveCount(1);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await menu.click();
    const panel = page.getByRole("dialog", { name: "ARGE-Posteingang" });
    await expect(panel).toBeVisible();
    // While the panel is open, the rest of the page (the button too) is hidden from assistive technology.
    const hiddenMenu = page.locator("header button[aria-haspopup=dialog]");
    await expect(hiddenMenu).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    expect(await groupsOf(nav)).toEqual({
      Tagesgeschäft: MONTH,
      "Weitergabe & Zustellung": ["Weitergabe an Bewohner", "Freigaben"],
      Verwaltung: ["Verbindungen"],
    });
    await expect(nav.getByRole("link", { name: "Posteingang" })).toHaveAttribute("aria-current", "page");
    await expect(panel.getByTestId("current-user")).toContainText("Paula Menü");
    expect(await panel.evaluate((el) => el.contains(document.activeElement)), "the focus is in the panel").toBe(true);
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    // A choice closes the panel and opens the page.
    await menu.click();
    await panel.getByRole("link", { name: "Nutzeinheiten" }).click();
    await expect(page).toHaveURL(/\/units$/);
    await expect(panel).toHaveCount(0);
  });
});
