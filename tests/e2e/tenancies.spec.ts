import type { Locator, Page } from "@playwright/test";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * Tenancies on the register's page in German (issue 34): a manager records a move with a move-in on
 * the 15th (the previous resident's move-out defaults to the day before), reads both tenancies in the
 * unit's history, corrects the old one's move-out (a date that overlaps is refused at its field),
 * records a vacancy, and a move-in before the present one's is refused at the field. The unit's edit
 * says that it does not change who lives there. The page is checked again at 390 px.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const UNIT = "73001";
const pad = (n: number) => String(n).padStart(2, "0");
/** A day of the month `offset` months from now (UTC), as the API (`YYYY-MM-DD`) and the page (`TT.MM.JJJJ`) write it. */
function day(offset: number, date: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, date));
  const [y, m, dd] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  return { iso: `${y}-${m}-${dd}`, de: `${dd}.${m}.${y}` };
}
// The new resident moves in on the 15th of last month; the unit stands empty from the 1st of this one.
const moveIn = day(-1, 15);
const dayBefore = day(-1, 14);
const corrected = day(-1, 10);
const vacancyFrom = day(0, 1);
const lastOfLastMonth = day(0, 0);

/** One unit whose resident has lived there since March 2024 (the register's import, as exported). */
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Anrede;Vorname;Nachname;E-Mail;Zustellweg;Straße;PLZ;Ort;Einzug",
  `${UNIT};Haus am Teich;EG links;Frau;Erika;Alt;;Post;Teichweg 1;14467;Potsdam;01.03.2024`,
].join("\r\n");

let manager: { email: string; password: string };

test.beforeAll(async () => {
  manager = await seedUser("manager", "Theo Tenancy");
});

async function openHistory(row: Locator) {
  const summary = row.getByText(/^Verlauf \(\d+\)$/);
  if ((await row.getByTestId("tenancy-history").getAttribute("open")) === null) {
    await summary.focus();
    await summary.press("Enter");
  }
  return row.getByTestId("tenancy");
}

async function openMove(page: Page, row: Locator) {
  await row.getByRole("button", { name: `Mieterwechsel erfassen für Nutzeinheit ${UNIT}` }).click();
  const dialog = page.getByRole("dialog", { name: `Mieterwechsel erfassen: Nutzeinheit ${UNIT}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** No sideways scrolling at the viewport's width. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "the page scrolls sideways").toBeLessThanOrEqual(widths.client);
}

test("a manager records a move, corrects the old tenancy's move-out and records a vacancy", async ({ page }) => {
  await signInAs(page, manager.email, manager.password);
  const put = await page.request.put(`${baseUrl()}/api/units`, {
    data: REGISTER,
    headers: { "content-type": "text/csv" },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto(`${baseUrl()}/units`);
  const row = page.getByTestId("unit-row").filter({ hasText: UNIT });
  await expect(row.getByTestId("present-resident")).toContainText("Erika Alt");

  // The edit corrects contact details; who lives there changes with "Mieterwechsel erfassen".
  await row.getByRole("button", { name: `Nutzeinheit ${UNIT} bearbeiten` }).click();
  const edit = page.getByRole("dialog", { name: `Nutzeinheit ${UNIT}` });
  await expect(edit).toContainText("Wer dort wohnt, ändern Sie hier nicht");
  await expect(edit).toContainText("„Mieterwechsel erfassen“");
  await page.screenshot({ path: "tests/e2e/screenshots/tenancies-edit-1440.png" });
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();

  let dialog = await openMove(page, row);
  await dialog.getByLabel("Einzug", { exact: true }).fill(moveIn.iso);
  const moveOut = dialog.getByLabel("Auszug des bisherigen Bewohners");
  await expect(moveOut, "the previous resident's move-out defaults to the day before").toHaveValue(dayBefore.iso);
  await expect(dialog.getByLabel("Zustellweg"), "post unless the resident chose otherwise").toHaveValue("post");
  await dialog.getByLabel("Anrede").selectOption({ label: "Herr" });
  await dialog.getByLabel("Vorname").fill("Bernd");
  await dialog.getByLabel("Nachname").fill("Neu");
  await dialog.getByLabel("E-Mail", { exact: true }).fill("bernd.neu@example.de");
  await dialog.getByLabel("Zustellweg").selectOption({ label: "E-Mail" });
  await dialog.getByLabel("Schriftlich eingewilligt am").fill(moveIn.iso);
  await dialog.getByLabel("Zeichen der Einwilligung").fill("Formular vom Einzug");
  await expectAccessible(page);
  await page.screenshot({ path: "tests/e2e/screenshots/tenancies-move-1440.png" });
  await dialog.getByRole("button", { name: "Mieterwechsel speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Mieterwechsel in Nutzeinheit" })).toHaveText(
    `Mieterwechsel in Nutzeinheit ${UNIT} gespeichert: Einzug am ${moveIn.de}.`,
  );
  await expect(row.getByTestId("present-resident")).toContainText("Bernd Neu");
  await expect(row.getByTestId("unit-channel"), "the channel with the consent behind it").toHaveText(
    `E-Mail · Einwilligung schriftlich am ${moveIn.de} (Formular vom Einzug)`,
  );

  let tenancies = await openHistory(row);
  await expect(tenancies).toHaveCount(2);
  await expect(tenancies.nth(0)).toContainText("Bernd Neu");
  await expect(tenancies.nth(0)).toContainText(`Einzug:${moveIn.de}`);
  await expect(tenancies.nth(0)).toContainText("Auszug:wohnt dort");
  await expect(tenancies.nth(1)).toContainText("Erika Alt");
  await expect(tenancies.nth(1)).toContainText("Einzug:01.03.2024");
  await expect(tenancies.nth(1)).toContainText(`Auszug:${dayBefore.de}`);
  await expectAccessible(page);
  await page.screenshot({ path: "tests/e2e/screenshots/tenancies-history-1440.png", fullPage: true });

  // The old tenancy's move-out: one that reaches into the new tenancy is refused at its field.
  await tenancies.nth(1).getByRole("button", { name: "Daten korrigieren: Erika Alt, Einzug 01.03.2024" }).click();
  const correct = page.getByRole("dialog", { name: "Daten korrigieren: Erika Alt" });
  const auszug = correct.getByLabel("Auszug", { exact: true });
  await expect(auszug).toHaveValue(dayBefore.iso);
  await auszug.fill(day(-1, 20).iso);
  await correct.getByRole("button", { name: "Speichern" }).click();
  await expect(auszug).toBeFocused();
  await expect(auszug).toHaveAttribute("aria-invalid", "true");
  await expect(auszug).toHaveAccessibleDescription(/überschneiden sich/);
  await auszug.fill(corrected.iso);
  await correct.getByRole("button", { name: "Speichern" }).click();
  await expect(correct).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Mietverhältnisses" })).toContainText("gespeichert");
  await expect(tenancies.nth(1)).toContainText(`Auszug:${corrected.de}`);

  // A vacancy from the 1st: Bernd Neu's tenancy ends the day before.
  dialog = await openMove(page, row);
  await dialog.getByLabel("Einzug", { exact: true }).fill(vacancyFrom.iso);
  await dialog.getByRole("radio", { name: "Niemand: Leerstand" }).check();
  await expect(dialog.getByLabel("Nachname")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Mieterwechsel speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Leerstand in Nutzeinheit" })).toHaveText(
    `Leerstand in Nutzeinheit ${UNIT} ab ${vacancyFrom.de} gespeichert.`,
  );
  await expect(row.getByTestId("present-resident")).toHaveText("Leerstand");
  tenancies = await openHistory(row);
  await expect(tenancies).toHaveCount(3);
  await expect(tenancies.nth(0)).toContainText("Leerstand");
  await expect(tenancies.nth(0)).toContainText(`Einzug:${vacancyFrom.de}`);
  await expect(tenancies.nth(1)).toContainText(`Auszug:${lastOfLastMonth.de}`);
});

test("a move-in before the present one's is refused at its field; the page works at 390 px", async ({ page }) => {
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${baseUrl()}/units`);
  const row = page.getByTestId("unit-row").filter({ hasText: UNIT });
  await expect(row.getByTestId("present-resident")).toHaveText("Leerstand");

  const dialog = await openMove(page, row);
  const einzug = dialog.getByLabel("Einzug", { exact: true });
  await einzug.fill(day(-1, 20).iso);
  await dialog.getByLabel("Nachname").fill("Früh");
  await dialog.getByLabel("Anschrift").fill("Teichweg 1\n14467 Potsdam");
  await dialog.getByRole("button", { name: "Mieterwechsel speichern" }).click();
  await expect(einzug).toBeFocused();
  await expect(einzug).toHaveAttribute("aria-invalid", "true");
  await expect(einzug).toHaveAccessibleDescription(/überschneiden sich/);
  await expect(dialog.getByRole("alert")).toContainText("Bitte prüfen Sie die markierten Angaben.");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(await openHistory(row), "nothing was recorded").toHaveCount(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "tests/e2e/screenshots/tenancies-history-390.png", fullPage: true });
  await openMove(page, row);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "tests/e2e/screenshots/tenancies-move-390.png" });
});
