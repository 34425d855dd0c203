import type { Page } from "@playwright/test";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, confirmedAtProvider, expectAccessible, setDocuments, shot, uviDoc } from "./inbox-support";

/** Three usage units with two months each; the inbox lists a unit's newer month first. */
const docs = (customer: string) =>
  [0, 1, 2].flatMap((u) => ["2026-08", "2026-09"].map((ym) => uviDoc(`t-${u}-${ym}`, `74000${u}`, ym, customer)));
const file = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

async function expectFocusVisible(page: Page) {
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe("none");
}

test("keyboard review: j/k move, x selects, c asks, Enter confirms; o/Enter open, Esc closes; no shortcuts while typing", async ({
  page,
  base,
}) => {
  await setDocuments(docs);
  const manager = await seedUser("manager", "Karl Tastatur");
  await signInAs(page, manager.email, manager.password);
  const connectionId = await addConnection(page, "Messdienst Süd");
  const sync = await page.request.post(`${base}/api/connections/${connectionId}/sync`);
  expect(await sync.text()).toContain('"done":true,"open":6');
  await page.goto(`${base}/documents`);
  await expect(page.getByTestId("unit-group")).toHaveCount(3);

  await page.keyboard.press("j");
  await expect(file(page, "UVI_t-0-2026-09.pdf")).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("j");
  await expect(file(page, "UVI_t-0-2026-08.pdf")).toBeFocused();
  await page.keyboard.press("k");
  await expect(file(page, "UVI_t-0-2026-09.pdf")).toBeFocused();
  await page.keyboard.press("x");
  await expect(page.getByLabel("UVI_t-0-2026-09.pdf auswählen")).toBeChecked();
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(file(page, "UVI_t-1-2026-09.pdf")).toBeFocused();
  await page.keyboard.press("x");
  await expect(page.getByTestId("selection-count")).toHaveText("2 Dokumente ausgewählt");
  await shot(page, "de-keyboard-selection");

  await page.keyboard.press("c");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("2 Dokumente bestätigen?");
  await expect(dialog).toContainText("2 Nutzeinheiten: 740000, 740001");
  await expect(dialog).toContainText("Bei: Messdienst Süd");
  await expect(dialog.getByRole("button", { name: "Abbrechen" }), "focus starts on the safe choice").toBeFocused();
  // While the dialog is open, j is not a shortcut.
  await page.keyboard.press("j");
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await shot(page, "de-keyboard-dialog");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "2 Dokumente bestätigen" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("confirm-run")).toContainText(
    "Fertig: 2 bestätigt, 0 fehlgeschlagen, 0 werden geprüft.",
  );
  expect(await confirmedAtProvider("t-0-2026-09")).toBe(true);
  expect(await confirmedAtProvider("t-1-2026-09")).toBe(true);
  expect(await confirmedAtProvider("t-0-2026-08")).toBe(false);
  // Confirmed, the rows stay on the page (issue #35), so the keys move among them as before.
  await expect(page.getByRole("row").filter({ has: file(page, "UVI_t-0-2026-09.pdf") })).toContainText("Bestätigt");

  // c on the focused document alone; Esc cancels without confirming.
  await page.keyboard.press("k");
  await expect(file(page, "UVI_t-0-2026-08.pdf")).toBeFocused();
  await page.keyboard.press("c");
  await expect(dialog).toContainText("Dokument bestätigen?");
  await expect(dialog).toContainText("UVI_t-0-2026-08.pdf");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect(await confirmedAtProvider("t-0-2026-08")).toBe(false);

  // o opens the split view; j moves it along; Esc closes it and the focus stays in the list.
  await expect(file(page, "UVI_t-0-2026-08.pdf")).toBeFocused();
  await page.keyboard.press("o");
  await expect(page.getByRole("region", { name: "UVI_t-0-2026-08.pdf", exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`doc=${connectionId}%3At-0-2026-08`));
  // j moves it along, through the confirmed UVI_t-1-2026-09.pdf that stays on the page.
  await page.keyboard.press("j");
  await expect(page.getByRole("region", { name: "UVI_t-1-2026-09.pdf", exact: true })).toBeVisible();
  await expect(page.getByTestId("document-pane")).toContainText("Bestätigt");
  await page.keyboard.press("j");
  await expect(page.getByRole("region", { name: "UVI_t-1-2026-08.pdf", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/doc=.*t-1-2026-08/);
  await shot(page, "de-keyboard-viewer");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("document-pane")).toHaveCount(0);
  await expect(page).not.toHaveURL(/doc=/);
  await expect(file(page, "UVI_t-1-2026-08.pdf")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "UVI_t-1-2026-08.pdf", exact: true })).toBeVisible();
  await page.getByTestId("document-pane").getByRole("button", { name: "Schließen" }).click();
  await expect(page.getByTestId("document-pane")).toHaveCount(0);

  // Typing in the search box is typing.
  const searchBox = page.getByRole("searchbox", { name: "Suche" });
  await searchBox.focus();
  await page.keyboard.type("jkxc?");
  await expect(searchBox).toHaveValue("jkxc?");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await searchBox.fill("");

  // ? opens the help overlay.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Tastenkürzel" });
  await expect(help).toContainText("nächstes Dokument");
  await expect(help).toContainText("Auswahl oder aktuelles Dokument bestätigen");
  await expectAccessible(page);
  await shot(page, "de-keyboard-help");
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
});
