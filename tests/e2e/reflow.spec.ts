import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { baseUrl, expect, signInAs, test } from "./fixtures";
import { addConnection, sandbox, setDocuments, uviDoc } from "./inbox-support";

/**
 * WCAG 1.4.10 (reflow) and axe on every page, at a desktop's 1440 px and a phone's 390 px: no
 * page scrolls sideways on the phone (what is wider, the completeness grid, scrolls in its own
 * labelled region), and axe finds nothing serious or critical, nor anything moderate in our own
 * markup. pdf.js's hidden canvas is left out. The phone screenshots are for a person to look at.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const MONTHS = ["2026-07", "2026-08", "2026-09"];
const units = ["810001", "810002", "810003"];

type Scene = { name: string; path: string; ready: (page: Page) => Promise<void>; signedOut?: boolean };
let scenes: Scene[] = [];

test.beforeAll(async ({ browser }) => {
  await setDocuments((customer) => units.flatMap((u) => MONTHS.map((ym) => uviDoc(`r-${u}-${ym}`, u, ym, customer))));
  const page = await browser.newPage();
  await signInAs(page, ADMIN.email, ADMIN.password);
  const connection = await addConnection(page, `Messdienst Umbruch ${Date.now().toString(36)}`);
  const sync = await page.request.post(`${baseUrl()}/api/connections/${connection}/sync`);
  expect(sync.status()).toBe(200);
  expect(await sync.text()).toContain('"open"');
  await page.close();
  const doc = `r-${units[0]}-${MONTHS[0]}`;
  const heading = (name: string) => async (page: Page) => {
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  };
  scenes = [
    { name: "login", path: "/login", signedOut: true, ready: heading("Anmelden") },
    {
      name: "inbox",
      path: "/documents",
      ready: async (page) => {
        await expect(page.getByRole("button", { name: `UVI_${doc}.pdf`, exact: true })).toBeVisible();
      },
    },
    {
      name: "viewer",
      path: `/documents?doc=${encodeURIComponent(`${connection}:${doc}`)}`,
      ready: async (page) => {
        await expect(page.getByTestId("pdf-page").first()).toHaveAttribute("data-state", "done", { timeout: 20_000 });
      },
    },
    { name: "connections", path: "/connections", ready: heading("Verbindungen") },
    {
      name: "delivery",
      path: "/delivery",
      ready: async (page) => {
        await expect(page.getByTestId("delivery-count")).toContainText("Dokument");
      },
    },
    {
      name: "delivery-detail",
      path: `/delivery/${connection}/${encodeURIComponent(doc)}`,
      ready: async (page) => {
        await expect(page.getByRole("heading", { name: `UVI_${doc}.pdf` })).toBeVisible();
      },
    },
    {
      name: "completeness",
      path: `/delivery/completeness?connection=${connection}&from=2026-01&to=2026-12`,
      ready: async (page) => {
        await expect(page.getByTestId("completeness-summary")).toContainText("3");
      },
    },
    {
      name: "users",
      path: "/admin/users",
      ready: async (page) => {
        await expect(page.getByRole("row").filter({ hasText: ADMIN.email })).toBeVisible();
      },
    },
  ];
});

test.afterAll(async () => {
  await sandbox("DELETE", "/faults");
});

async function open(page: Page, scene: Scene, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  if (!scene.signedOut) await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${baseUrl()}${scene.path}`);
  await scene.ready(page);
}

/** Serious and critical violations anywhere, moderate ones in our markup (pdf.js's canvas excluded). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).exclude(".hiddenCanvasElement").analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""} ${n.html.slice(0, 120)})`).join(", ")}`,
    );
}

/** The elements that stick out of a 390 px page, for the failure message. */
const wideElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}px`,
      ),
  );

test("every page reflows at 390 px and passes axe at 390 and 1440 px", async ({ page }) => {
  test.setTimeout(180_000);
  for (const scene of scenes) {
    await test.step(`${scene.name} at 390 px`, async () => {
      await page.context().clearCookies();
      await open(page, scene, PHONE);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${scene.name} is ${width}px wide: ${(await wideElements(page)).join("; ")}`).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await violations(page), scene.name).toEqual([]);
      // For the picture, the grid itself rather than the form above it.
      if (scene.name === "completeness")
        await page.getByRole("region", { name: /^Dokumente je Nutzeinheit und Monat/ }).scrollIntoViewIfNeeded();
      if (["inbox", "viewer", "completeness"].includes(scene.name))
        await page.screenshot({ path: `tests/e2e/screenshots/phone-${scene.name}.png` });
    });
    await test.step(`${scene.name} at 1440 px`, async () => {
      await open(page, scene, DESKTOP);
      expect(await violations(page), scene.name).toEqual([]);
    });
  }
});

test("the completeness grid scrolls in a region the keyboard reaches and a screen reader names", async ({
  page,
  base,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const grid = scenes.find((s) => s.name === "completeness")!;
  await page.goto(`${base}${grid.path}`);
  await grid.ready(page);
  const region = page.getByRole("region", { name: /^Dokumente je Nutzeinheit und Monat/ });
  await region.focus();
  await expect(region).toBeFocused();
  const before = await region.evaluate((el) => el.scrollLeft);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
});
