import type { Page } from "@playwright/test";
import { expectAccessible, deliveryRun, resetSandbox, seedDelivery, shot, type Person } from "./delivery-support";
import { expect, signInAs, test } from "./fixtures";

/**
 * Support's delivery pages, fed the way real data arrives (delivery-support.ts): support searches,
 * reads the timeline and sees the archived PDF, in German and in English; a manager is kept out
 * (delivery-reports.spec.ts: the CSV export and the completeness grid).
 */

const fixture = deliveryRun();
const { UNIT_GAP, UNIT_FULL, id, connectionName } = fixture;

let manager: Person;
let support: Person;
let connectionId: string;

/** Waits for the PDF page to be drawn and counts its non-white pixels. */
async function expectPdfDrawn(page: Page) {
  await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  const pixels = await page
    .getByTestId("pdf-page")
    .locator("canvas")
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
      return { ink, total: data.length / 4 };
    });
  expect(pixels.total).toBeGreaterThan(100_000);
  expect(pixels.ink / pixels.total, "the page has text and graphics on it").toBeGreaterThan(0.005);
}

test.beforeAll(async () => {
  ({ manager, support, connectionId } = await seedDelivery(fixture));
});

test.afterAll(async () => {
  await resetSandbox();
});

test("support searches the record, reads a timeline and sees the archived PDF", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  const listCalls: string[] = [];
  page.on("request", (r) => r.url().includes("/api/delivery/documents?") && listCalls.push(r.url()));
  await page.goto(`${base}/delivery?q=${UNIT_FULL}`);
  await expect(page.getByRole("heading", { name: "Zustellung", level: 1 })).toBeVisible();
  await expect(page.getByTestId("delivery-count")).toHaveText("3 Dokumente gefunden.");
  expect(listCalls, "the server's prefetch is hydrated: no list request from the browser").toEqual([]);

  const form = page.getByRole("search", { name: "Suche und Filter" });
  await form.getByLabel("Suche").fill(UNIT_GAP);
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${UNIT_GAP}`));
  await expect(page.getByTestId("delivery-count")).toHaveText("2 Dokumente gefunden.");
  await form.getByLabel("Status").selectOption({ label: "Bestätigt" });
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByTestId("delivery-count")).toHaveText("1 Dokument gefunden.");
  const row = page.getByRole("row").filter({ hasText: id("gap-jan") });
  await expect(row).toContainText("Bestätigt");
  await expect(row).toContainText(connectionName);
  await expect(row).toContainText(`von ${manager.email}`);

  await page.reload();
  await expect(form.getByLabel("Suche"), "the search lives in the URL").toHaveValue(UNIT_GAP);
  await expect(form.getByLabel("Status")).toHaveValue("confirmed");
  await expectAccessible(page);
  await shot(page, "list-de");

  // Paging over the connection's five documents, two at a time.
  await page.goto(`${base}/delivery?connection=${connectionId}&limit=2`);
  const paging = page.getByRole("navigation", { name: "Seiten" });
  await expect(paging).toContainText("1–2 von 5");
  await paging.getByRole("button", { name: "Nächste Seite" }).click();
  await expect(paging).toContainText("3–4 von 5");
  await expect(page).toHaveURL(/offset=2/);
  await expect(page.getByRole("search").getByLabel("Verbindung")).toHaveValue(connectionId);

  await page.goto(`${base}/delivery?q=${id("gap-jan")}`);
  await page.getByRole("link", { name: `UVI_${id("gap-jan")}.pdf` }).click();
  await expect(page.getByRole("heading", { name: `UVI_${id("gap-jan")}.pdf`, level: 1 })).toBeVisible();
  const timeline = page.getByTestId("timeline").getByRole("listitem");
  await expect(timeline.nth(0)).toContainText("Erstmals beim Anbieter gesehen");
  const texts = await timeline.allInnerTexts();
  const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
  expect(at("Abgerufen vor der Bestätigung"), texts.join("\n")).toBeGreaterThan(0);
  expect(at("Bestätigung an den Anbieter gesendet (Versuch 1)")).toBeGreaterThan(at("Abgerufen vor der Bestätigung"));
  expect(at("Bestätigung vom Anbieter angenommen")).toBeGreaterThan(at("Bestätigung an den Anbieter gesendet"));
  expect(texts[at("Bestätigung vom Anbieter angenommen")]).toContain(`von ${manager.email}`);
  expect(texts[at("Abgerufen vor der Bestätigung")]).toMatch(/SHA-256 [0-9a-f]{64}/);

  await expectPdfDrawn(page);
  await expect(page.getByTestId("pdf-page-of")).toHaveText("Seite 1 von 1");
  await expect(page.getByRole("img", { name: `UVI_${id("gap-jan")}.pdf, Seite 1 von 1` })).toBeVisible();
  await expect(
    page.getByTestId("pdf-page").locator(".textLayer"),
    "the text layer holds the page's text",
  ).toContainText("Unterjährige Verbrauchsinformation");
  await expectAccessible(page);
  await shot(page, "document-de");
});

test("a period that ends before it starts is explained at the field", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery?from=2026-03-01&to=2026-01-01`);
  await expect(page.getByRole("alert").filter({ hasText: "Die Liste konnte nicht geladen werden" })).toBeVisible();
  const to = page.getByRole("search").getByLabel("Erstmals gesehen bis");
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Das Ende des Zeitraums liegt vor seinem Anfang.")).toBeVisible();
});

test("a document that was never fetched says so instead of showing a viewer", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/${connectionId}/${id("gap-mar")}`);
  await expect(page.getByText("Die Datei wurde nie abgerufen")).toBeVisible();
  await expect(page.getByTestId("pdf-viewer")).toHaveCount(0);
  const missing = await page.goto(`${base}/delivery/${connectionId}/kein-solches-dokument`);
  expect(missing?.status()).toBe(404);
});

test.describe("in English", () => {
  test.use({ locale: "en-US" });

  test("the list, a document and the grid in English", async ({ page, base }) => {
    await signInAs(page, support.email, support.password);
    await page.goto(`${base}/delivery?q=${UNIT_FULL}`);
    await expect(page.getByRole("heading", { name: "Delivery", level: 1 })).toBeVisible();
    await expect(page.getByTestId("delivery-count")).toHaveText("3 documents found.");
    await expect(page.getByRole("search", { name: "Search and filters" }).getByLabel("Search")).toHaveValue(UNIT_FULL);
    await expect(page.getByRole("link", { name: "Download as CSV" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, "list-en");

    await page.getByRole("link", { name: `UVI_${id("full-feb")}.pdf` }).click();
    await expect(page.getByTestId("timeline")).toContainText("First seen at the provider");
    await expect(page.getByTestId("timeline")).toContainText("Fetched when viewed");
    await expectPdfDrawn(page);
    await expect(page.getByTestId("pdf-page-of")).toHaveText("Page 1 of 1");
    await expectAccessible(page);
    await shot(page, "document-en");

    await page.goto(`${base}/delivery/completeness?connection=${connectionId}&from=2026-01&to=2026-03`);
    const table = page.getByRole("table", { name: /Documents per usage unit and month/ });
    await expect(table.getByRole("columnheader")).toHaveText(["Usage unit", "Jan 2026", "Feb 2026", "Mar 2026"]);
    const gap = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(UNIT_GAP) }) });
    await expect(gap.getByRole("cell").nth(1)).toHaveText("✗ missing");
    await expectAccessible(page);
    await shot(page, "completeness-en");
  });
});

test("a manager is kept out of the delivery pages and user admin (404)", async ({ page, base }) => {
  await signInAs(page, manager.email, manager.password);
  for (const path of [
    "/delivery",
    "/delivery/completeness",
    `/delivery/${connectionId}/${id("gap-jan")}`,
    "/admin/users",
  ]) {
    const res = await page.goto(`${base}${path}`);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText("Diese Seite gibt es nicht.")).toBeVisible();
  }
  await expect(
    page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Zustellung" }),
  ).toHaveCount(0);
});
