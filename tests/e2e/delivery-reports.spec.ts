import { readFileSync } from "node:fs";
import { expectAccessible, deliveryRun, resetSandbox, seedDelivery, shot, type Person } from "./delivery-support";
import { expect, signInAs, test } from "./fixtures";

/**
 * Support's reports of delivery, fed the way real data arrives (delivery-support.ts): the CSV export
 * of the current filter and the completeness grid with its missing month (delivery.spec.ts: the
 * list, a document's timeline and PDF).
 */

const fixture = deliveryRun();
const { UNIT_GAP, UNIT_FULL, id, DOCUMENTS, connectionName } = fixture;

let manager: Person;
let support: Person;
let connectionId: string;

test.beforeAll(async () => {
  ({ manager, support, connectionId } = await seedDelivery(fixture));
});

test.afterAll(async () => {
  await resetSandbox();
});

test("the CSV export of the current filter: BOM, header, the filtered rows", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery?connection=${connectionId}`);
  const link = page.getByRole("link", { name: "Als CSV herunterladen" });
  await expect(link).toHaveAttribute("href", `/api/delivery/export.csv?connection=${connectionId}`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^zustellung-\d{4}-\d{2}-\d{2}\.csv$/);
  const raw = readFileSync((await download.path())!);
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = raw.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Dokument-ID;Dateiname;Nutzeinheiten;Liegenschaft;Adresse;Lage;Status;Verbindung;/);
  expect(lines).toHaveLength(1 + DOCUMENTS.length);
  const confirmed = lines.find((l) => l.startsWith(`${id("gap-jan")};`));
  expect(confirmed).toContain(";bestätigt;");
  expect(confirmed).toContain(manager.email);
});

test("the completeness grid shows the missing month in colour and in words", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/completeness`);
  await expect(
    page.getByText("Wählen Sie eine Verbindung oder eine Liegenschaft, oder geben Sie eine Hausverwaltung an"),
  ).toBeVisible();
  const form = page.getByRole("form", { name: "Suche und Filter" });
  await form.getByLabel("Verbindung").selectOption({ label: `${connectionName} (${manager.email})` });
  await form.getByLabel("Von (Monat)").fill("2026-01");
  await form.getByLabel("Bis (Monat)").fill("2026-03");
  await form.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/from=2026-01&to=2026-03/);

  const table = page.getByRole("table", { name: /Dokumente je Nutzeinheit und Monat/ });
  await expect(table.getByRole("columnheader")).toHaveText(["Nutzeinheit", "Jan. 2026", "Feb. 2026", "März 2026"]);
  const gap = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(UNIT_GAP) }) });
  await expect(gap.getByRole("cell")).toHaveText(["✓ bestätigt", "✗ fehlt", "○ eingegangen"]);
  await expect(gap.locator("td").nth(1)).toHaveAttribute("data-cell", "missing");
  const missingColour = await gap
    .locator("td")
    .nth(1)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  const arrivedColour = await gap
    .locator("td")
    .nth(2)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  expect(missingColour).not.toBe(arrivedColour);
  const full = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(UNIT_FULL) }) });
  await expect(full.getByRole("cell")).toHaveText(["○ eingegangen", "● abgerufen", "○ eingegangen"]);
  await expect(page.getByTestId("completeness-summary")).toHaveText("2 Nutzeinheiten; fehlende Monate: 1.");
  await expect(page.getByRole("list", { name: "Legende" })).toContainText("fehlt");
  await expectAccessible(page);
  await shot(page, "completeness-de");
});
