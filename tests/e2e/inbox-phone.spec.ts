import type { Page } from "@playwright/test";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, confirmedAtProvider, expectAccessible, setDocuments, shot, uviDoc } from "./inbox-support";

/**
 * The inbox on a 390 px phone (the "phone" project of playwright.config.ts): documents as cards,
 * the first one above the fold, filters folded behind one button, the viewer as a full-screen
 * dialog that gives the focus back to the row, and a confirmation from a card.
 */

const docs = (customer: string) =>
  [0, 1, 2].flatMap((u) => ["2026-08", "2026-09"].map((ym) => uviDoc(`p-${u}-${ym}`, `75000${u}`, ym, customer)));
const file = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("German, on a phone: cards, folded filters, the viewer as a dialog, confirm from a card", async ({
  page,
  base,
}) => {
  test.setTimeout(120_000);
  const viewport = page.viewportSize()!;
  expect(viewport.width).toBe(390);
  await setDocuments(docs);
  const manager = await seedUser("manager", "Paula Telefon");
  await signInAs(page, manager.email, manager.password);
  await addConnection(page, "Messdienst Nord");
  await addConnection(page, "Messdienst Ost");
  await page.goto(`${base}/documents`);
  // The connections are folded into one line on a phone; it opens them.
  const fold = page.getByRole("button", { name: "2 Verbindungen: Abgleich und Stand" });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await fold.click();
  await page.getByRole("button", { name: "Jetzt abgleichen: Messdienst Nord" }).click();
  await expect(page.getByTestId("sync-done")).toContainText("Abgleich beendet: 6 offen");
  await page.reload();
  await expect(page.getByRole("button", { name: "Jetzt abgleichen: Messdienst Nord" })).toBeHidden();

  // The first document is in sight without scrolling, on a page no wider than the phone.
  const first = file(page, "UVI_p-0-2026-09.pdf");
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const card = page.getByRole("row").filter({ has: first });
  const confirm = card.getByRole("button", { name: "Bestätigen: UVI_p-0-2026-09.pdf" });
  const confirmBox = (await confirm.boundingBox())!;
  expect(confirmBox.x + confirmBox.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, "phone-cards");

  // The filters fold away behind one button, which says how many are set.
  const search = page.getByRole("searchbox", { name: "Suche" });
  const filters = page.getByRole("button", { name: "Filter", exact: true });
  await expect(search).toBeHidden();
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await search.fill("750001");
  await search.press("Enter");
  await expect(page).toHaveURL(/q=750001/);
  await expect(page.getByTestId("unit-group")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Filter · 1 gesetzt" })).toBeVisible();
  await shot(page, "phone-filters");
  await page.getByRole("button", { name: "Filter zurücksetzen" }).click();
  await expect(page.getByTestId("unit-group")).toHaveCount(3);

  // A tap opens the document in a full-screen dialog; closing it returns to the row.
  await first.click();
  const viewer = page.getByRole("dialog", { name: "UVI_p-0-2026-09.pdf" });
  await expect(viewer).toBeVisible();
  await expect(viewer).toBeInViewport();
  const dialogBox = (await viewer.boundingBox())!;
  expect([dialogBox.x, dialogBox.y, dialogBox.width]).toEqual([0, 0, 390]);
  await expect(viewer.getByTestId("pdf-page").first()).toHaveAttribute("data-state", "done", { timeout: 20_000 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shot(page, "phone-viewer");
  await viewer.getByRole("button", { name: "Schließen" }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page).not.toHaveURL(/doc=/);
  await expect(first).toBeFocused();

  // Esc closes it too, and the focus is back on the row that opened it.
  const second = file(page, "UVI_p-1-2026-08.pdf");
  await second.click();
  await expect(page.getByRole("dialog", { name: "UVI_p-1-2026-08.pdf" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(second).toBeFocused();

  // Confirming from inside the viewer dialog, and from a card.
  await second.click();
  await page.getByRole("dialog", { name: "UVI_p-1-2026-08.pdf" }).getByRole("button", { name: "Bestätigen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Empfang bestätigen" }).click();
  // The viewer closes so that the run's panel is in sight, and the panel has the focus.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("confirm-run")).toContainText("Fertig: 1 bestätigt");
  await expect(page.getByRole("heading", { name: "Bestätigung", exact: true })).toBeFocused();
  await expect(page.getByTestId("confirm-run")).toBeInViewport();
  expect(await confirmedAtProvider("p-1-2026-08")).toBe(true);
  await confirm.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Empfang bestätigen" }).click();
  await expect(page.getByTestId("confirm-run")).toContainText("Fertig: 1 bestätigt");
  // The card stays until the page is left, saying so (issue #35).
  await expect(page.getByRole("row").filter({ has: first })).toContainText("Bestätigt");
  expect(await confirmedAtProvider("p-0-2026-09")).toBe(true);
});
