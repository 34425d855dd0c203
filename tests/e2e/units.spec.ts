import type { Page } from "@playwright/test";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, setDocuments, uviDoc } from "./inbox-support";
import { mainNav } from "./shell-support";

/**
 * The unit register's page in German (issue 23): a manager chooses a register exported in
 * Windows-1252 (with the page's own German file field, by keyboard), checks it, reads the error by
 * line and column, chooses the corrected file, checks again and applies it; the register shows the
 * residents with their umlauts, finds one by name, and the edit names a field the rules refuse.
 * The inbox then groups by property, lays its filters out at 1440, 1024 and 390 px with room for
 * the search, and its search finds a unit by its resident. Runs at 1440 px and, in the phone
 * project, at 390 px.
 */

test.describe.configure({ mode: "serial" });
// Each test imports, checks and edits through several round trips, with axe after each step.
test.setTimeout(180_000);

const HEADER = "Nutzeinheit;HV-Nr.;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift";
const rows = (email: string) => [
  "61001;HV-1;Wohnanlage Südpark;Südstraße 1, 10115 Berlin;EG links;Jürgen Weiß;juergen@example.de;E-Mail;01.03.2026 Formular;",
  `61002;HV-2;Wohnanlage Südpark;Südstraße 1, 10115 Berlin;1. OG rechts;Änne Groß;${email};E-Mail;01.03.2026 Formular;`,
  '61003;HV-3;Haus am Fließ;Fließweg 7, 14467 Potsdam;DG;Ömer Çelik;;Post;;"Ömer Çelik\r\nFließweg 7\r\n14467 Potsdam"',
];
/** The register as older property software writes it: Windows-1252 (Latin-1 covers these letters), CRLF. */
const register = (email: string) => ({
  name: "verzeichnis.csv",
  mimeType: "text/csv",
  buffer: Buffer.from([HEADER, ...rows(email)].join("\r\n"), "latin1"),
});

let manager: { email: string; password: string };

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

test.beforeAll(async () => {
  manager = await seedUser("manager", "Nora Nutzeinheit");
  // The provider's documents of the register's three units, and of one the register leaves out.
  await setDocuments((customer) =>
    ["61001", "61002", "61003", "61009"].map((msc) => uviDoc(`reg-${msc}`, msc, "2026-10", customer)),
  );
});

test("a manager imports the register, fixes the error the check names, and sees the residents", async ({ page }) => {
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${baseUrl()}/documents`);
  await (await mainNav(page)).getByRole("link", { name: "Nutzeinheiten" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nutzeinheiten" })).toBeVisible();
  await expect(page.getByText("Noch keine Nutzeinheiten.")).toBeVisible();

  // The file field speaks German, shows the chosen file's name, and the keyboard opens it.
  const file = page.getByLabel("Verzeichnis als CSV-Datei");
  const chosen = page.getByTestId("chosen-file");
  await expect(page.getByText("Datei auswählen", { exact: true })).toBeVisible();
  await expect(chosen).toHaveText("Keine Datei ausgewählt");
  await file.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(file).toBeFocused();
  await expect(page.getByText("Datei auswählen", { exact: true }), "the focus shows on the visible button").toHaveCSS(
    "outline-style",
    "solid",
  );
  // Space opens it. On a loaded machine Chromium once let a first Space pass without a chooser (the
  // input focused, as the page's snapshot showed): pressed once more after 10 s, still by keyboard.
  const chooser = page.waitForEvent("filechooser", { timeout: 10_000 });
  await page.keyboard.press("Space");
  const opened = await chooser.catch(async () => {
    const again = page.waitForEvent("filechooser");
    await page.keyboard.press("Space");
    return again;
  });
  await opened.setFiles(register("aenne-at-example.de"));
  await expect(chosen).toHaveText("verzeichnis.csv");
  await page.getByRole("button", { name: "Datei prüfen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Geprüft – Änderungen: 2, Fehler: 1" })).toBeVisible();
  const error = page.getByTestId("import-error");
  await expect(error).toHaveCount(1);
  await expect(error).toContainText("3");
  await expect(error).toContainText("E-Mail");
  await expect(error).toContainText("Keine gültige E-Mail-Adresse.");
  await expectAccessible(page);
  await page.screenshot({
    path: `tests/e2e/screenshots/units-check-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
  expect((await (await page.request.get(`${baseUrl()}/api/units`)).json()).count, "the check changed nothing").toBe(0);

  await file.setInputFiles(register("aenne@example.de"));
  await page.getByRole("button", { name: "Datei prüfen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Geprüft – Änderungen: 3, Fehler: 0" })).toBeVisible();
  await expect(page.getByTestId("import-change")).toHaveCount(3);
  await page.getByRole("button", { name: "Änderungen übernehmen (3)" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Übernommen – neu: 3, geändert: 0, entfernt: 0" }),
  ).toBeVisible();

  const units = page.getByTestId("unit-row");
  await expect(units).toHaveCount(3);
  await expect(units.filter({ hasText: "61001" })).toContainText("Jürgen Weiß");
  await expect(units.filter({ hasText: "61003" })).toContainText("Fließweg 7");
  await expect(units.filter({ hasText: "61003" })).toContainText("Post");
  await expectAccessible(page);
  await page.screenshot({
    path: `tests/e2e/screenshots/units-register-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
  if (isNarrow(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the register finds a resident by name, and the edit names the field its rules refuse", async ({ page }) => {
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${baseUrl()}/units`);
  await page.getByRole("searchbox", { name: "Suche" }).fill("groß");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/q=gro%C3%9F/);
  const units = page.getByTestId("unit-row");
  await expect(units).toHaveCount(1);
  await units.getByRole("button", { name: "Nutzeinheit 61002 bearbeiten" }).click();

  const dialog = page.getByRole("dialog", { name: /Nutzeinheit 61002/ });
  await dialog.getByLabel("E-Mail").fill("");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Zustellweg E-Mail, aber keine E-Mail-Adresse.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Zustellweg").selectOption({ label: "Post" });
  await dialog.getByLabel("Anschrift").fill("Änne Groß\nSüdstraße 1\n10115 Berlin");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(units).toContainText("Post");
  await expect(units).toContainText("10115 Berlin");

  await page.getByLabel("Liegenschaft", { exact: true }).selectOption("Haus am Fließ");
  await page.getByRole("searchbox", { name: "Suche" }).fill("");
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(units).toHaveCount(1);
  await expect(units).toContainText("61003");
});

test("the inbox groups by the register's properties, names unit and resident, and gathers the units it lacks", async ({
  page,
}) => {
  await signInAs(page, manager.email, manager.password);
  const id = await addConnection(page, "UVI Verzeichnis");
  const sync = await page.request.post(`${baseUrl()}/api/connections/${id}/sync`);
  expect(sync.status(), await sync.text()).toBe(200);
  await page.goto(`${baseUrl()}/documents`);

  const headings = page.getByTestId("property-heading").getByRole("heading", { level: 2 });
  await expect(headings).toHaveText(["Haus am Fließ", "Wohnanlage Südpark", "Nicht zugeordnet"]);
  await expect(page.getByTestId("property-heading").filter({ hasText: "Wohnanlage Südpark" })).toContainText(
    "Südstraße 1, 10115 Berlin",
  );
  const groups = page.getByTestId("unit-group");
  await expect(groups.getByRole("heading", { level: 3 })).toHaveText([
    "DG",
    "EG links",
    "1. OG rechts",
    "Nutzeinheit 61009",
  ]);
  await expect(groups.filter({ hasText: "EG links" })).toContainText("Jürgen Weiß (E-Mail)");
  await expect(groups.filter({ hasText: "1. OG rechts" })).toContainText("Änne Groß (Post)");
  const unassigned = page.getByTestId("property-heading").filter({ hasText: "Nicht zugeordnet" });
  await expect(unassigned.getByRole("link", { name: "Im Verzeichnis ergänzen" })).toHaveAttribute("href", "/units");
  await expectAccessible(page);
  await page.screenshot({
    path: `tests/e2e/screenshots/units-inbox-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
  if (isNarrow(page)) {
    await page.getByRole("button", { name: /^Filter/ }).click();
    expect(
      (await page.getByRole("searchbox", { name: "Suche" }).boundingBox())?.width,
      "the search has most of the phone's width",
    ).toBeGreaterThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const frame = (await page.getByRole("search", { name: "Filter" }).boundingBox())!;
    for (const control of await page.getByRole("search", { name: "Filter" }).locator("select, input").all()) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, "every filter within the filters' frame").toBeLessThanOrEqual(frame.x + frame.width);
    }
    await page.screenshot({ path: "tests/e2e/screenshots/units-inbox-filters-390.png", fullPage: true });
    return;
  }

  // Four filters (connection, property, month, state) side by side, the search in a row of its own below.
  const filters = page.getByRole("search", { name: "Filter" });
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    const selects = await Promise.all(
      ["Verbindung", "Liegenschaft", "Monat", "Status"].map((l) =>
        filters.getByLabel(l, { exact: true }).boundingBox(),
      ),
    );
    const search = await filters.getByRole("searchbox", { name: "Suche" }).boundingBox();
    const tops = selects.map((b) => b!.y);
    expect(Math.max(...tops) - Math.min(...tops), `at ${width} px the four filters share a row`).toBeLessThan(
      selects[0]!.height / 2,
    );
    expect(search!.y, `at ${width} px the search sits below them`).toBeGreaterThan(selects[0]!.y + selects[0]!.height);
    expect(search!.width, `at ${width} px the search is wide enough to read`).toBeGreaterThanOrEqual(320);
    await page.screenshot({ path: `tests/e2e/screenshots/units-inbox-filters-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The search finds units by the register's names: here a resident, whatever the case.
  await expect(filters).toContainText(
    "sowie Liegenschaft, Adresse, Lage und Bewohner aus Ihrem Verzeichnis der Nutzeinheiten.",
  );
  await filters.getByRole("searchbox", { name: "Suche" }).fill("groß");
  await filters.getByRole("button", { name: "Suchen" }).click();
  await expect(groups).toHaveCount(1);
  await expect(groups).toContainText("Änne Groß (Post)");
  await filters.getByRole("button", { name: "Filter zurücksetzen" }).click();
  await expect(groups).toHaveCount(4);

  await page.getByLabel("Liegenschaft", { exact: true }).selectOption("Haus am Fließ");
  await expect(page).toHaveURL(/property=Haus/);
  await expect(groups).toHaveCount(1);
  await expect(groups).toContainText("Ömer Çelik (Post)");
});

test("a register file over 10 MiB is named at once, with its size and the bound, and never sent", async ({ page }) => {
  await signInAs(page, manager.email, manager.password);
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && new URL(r.url()).pathname === "/api/units") sent.push(r.url());
  });
  await page.goto(`${baseUrl()}/units`);
  await page.getByLabel("Verzeichnis als CSV-Datei").setInputFiles({
    name: "gross.csv",
    mimeType: "text/csv",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61),
  });
  await expect(page.getByText(/^„gross\.csv“ \(10 MB\) ist größer als die erlaubten 10 MB/)).toBeVisible();
  await expect(page.getByTestId("chosen-file")).toHaveText("Keine Datei ausgewählt");
  await expect(page.getByRole("button", { name: "Datei prüfen" })).toBeDisabled();
  await expectAccessible(page);
  expect(sent).toEqual([]);
});
