import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { qrCodeOn, textIn } from "../support/letter-pdf";
import { pdfText } from "../support/pdf-text";
import { ADMIN } from "../support/server";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, setDocuments } from "./inbox-support";
import {
  file,
  firstPageAsPng,
  mailedLink,
  mailsTo,
  monthRow,
  openMonth,
  portalItems,
  residentsWorld,
  type World,
} from "./residents-support";

/**
 * Issue 34's "Done means", in German, in Chromium: a manager imports a register exported in Windows-1252 with
 * Einzug/Auszug, Anrede/Vorname/Nachname and Straße/PLZ/Ort through the register page (the dry run shows the values as
 * read), and in November hands October on from the inbox. The e-mail resident receives it once; the resident who moved
 * out on 31 October still sees her October in the portal, her successor never does; "Briefe drucken" gives the post
 * resident's letter with the name once in the window and a QR code; the unit with a change on 15 October is listed as
 * "Mieterwechsel im Zeitraum" and handed to no one until the manager assigns it. The month view, support's grid and a
 * document's timeline then agree with what each resident received. Screenshots: residents-month.png and
 * residents-letter.png. October 2026 is fixed: the former resident's portal stays open PORTAL_LINK_DAYS (400) after
 * her move-out.
 */

test.setTimeout(240_000);

/** The register page: the file chosen, checked (the first rows' values as read), then applied. */
async function importRegister(page: Page, base: string, w: World) {
  await page.goto(`${base}/units`);
  const chooser = page.waitForEvent("filechooser");
  await page.getByText("Datei auswählen", { exact: true }).click();
  await (await chooser).setFiles(w.register);
  await expect(page.getByTestId("chosen-file")).toHaveText(w.register.name);
  await page.getByRole("button", { name: "Datei prüfen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Geprüft – Änderungen: 5, Fehler: 0" })).toBeVisible();
  const values = page.getByTestId("import-value");
  await expect(values).toHaveCount(5);
  const cells = (i: number) => values.nth(i).getByRole("cell");
  // Line, unit, name, Anrede, Vorname, Nachname, Firma, Einzug, Auszug, Anschrift, Zustellweg, E-Mail.
  await expect(cells(0)).toHaveText([
    "2",
    w.units.email,
    "Erika Weiß",
    "Frau",
    "Erika",
    "Weiß",
    "—",
    "01.03.2024",
    "—",
    "—",
    "E-Mail",
    w.people.erika.email,
  ]);
  await expect(cells(1)).toContainText(["3", w.units.portal, "Anna Alt", "Frau", "Anna", "Alt", "—", "01.01.2020"]);
  await expect(cells(1).nth(8)).toHaveText("31.10.2026");
  await expect(cells(2).nth(7)).toHaveText("01.11.2026");
  const post = cells(3);
  await expect(post).toContainText(["5", w.units.post, "Hans-Jürgen Groß", "Herr", "Hans-Jürgen", "Groß"]);
  await expect(post.nth(7)).toHaveText("01.01.2019");
  await expect(post.nth(9).locator("span")).toHaveText(["Schloßstraße 5", "10115 Berlin"]);
  await expect(post.nth(10)).toHaveText("Post");
  await expect(cells(4).nth(8)).toHaveText("14.10.2026");
  await expect(page.getByTestId("import-unused")).toHaveText("Der Import verwendet alle Spalten der Datei.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Änderungen übernehmen (5)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Übernommen – neu: 5" })).toBeVisible();
  const row = page.getByTestId("unit-row").filter({ hasText: w.units.portal });
  await expect(row.getByTestId("present-resident")).toContainText("Jörg Neumann");
}

/** The inbox: every document confirmed (so archived), the rule's badges read, and all handed on in one run. */
async function confirmAndHandOn(page: Page, base: string, w: World) {
  await page.goto(`${base}/documents`);
  await page.getByRole("checkbox", { name: "Alle auf dieser Seite auswählen" }).check();
  await page.getByRole("button", { name: "Auswahl bestätigen (6)" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "6 Dokumente bestätigen" }).click();
  await expect(page.getByTestId("confirm-run").getByRole("status")).toContainText("Fertig: 6 bestätigt", {
    timeout: 30_000,
  });

  await page.goto(`${base}/documents?state=all`);
  const docRow = (id: string) => page.getByRole("row").filter({ hasText: file(id) });
  await expect(docRow(w.docs.change)).toContainText("Zuordnung nötig (Mieterwechsel oder Leerstand)");
  // A vacancy has one word on every page, and nothing to hand on: no button, not counted in the selection's hand-off.
  await expect(docRow(w.docs.vacancy)).toContainText("Leerstand: keine Weitergabe nötig");
  await expect(docRow(w.docs.vacancy).getByRole("button", { name: /An Bewohner weitergeben/ })).toHaveCount(0);
  await expect(docRow(w.docs.email).getByRole("button", { name: /An Bewohner weitergeben/ })).toHaveCount(1);
  await expect(page.locator("dd").filter({ hasText: /^Leerstand$/ }), "the vacant unit's resident").toHaveCount(1);
  await expect(docRow(w.docs.email)).toContainText("Nicht weitergegeben");
  await page.getByRole("checkbox", { name: "Alle auf dieser Seite auswählen" }).check();
  await page.getByRole("button", { name: "Auswahl weitergeben (5)" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Weitergeben" }).click();
  const run = page.getByTestId("handoff-run");
  // E-mail and both portal residents now; the post resident waits for the print; the change: nobody (the vacancy
  // was not asked for).
  await expect(run.getByRole("status")).toHaveText("Gesendet: 3, fehlgeschlagen: 0, übersprungen: 2.", {
    timeout: 30_000,
  });
  const outcome = (id: string) => run.getByTestId("handoff-outcome").filter({ hasText: file(id) });
  await expect(outcome(w.docs.change)).toContainText("Im Zeitraum dieses Dokuments hat der Bewohner gewechselt");
  await expect(outcome(w.docs.vacancy)).toHaveCount(0);
  await expect(outcome(w.docs.post)).toContainText("gedruckten Briefen");
  await expect(docRow(w.docs.email)).toContainText(/Weitergegeben per E-Mail \d\d\.\d\d\./);
}

/** Who received what: the mailbox, and each portal resident's page opened from the link in her or his mail. */
async function checkResidents(browser: Browser, base: string, w: World) {
  const erika = await mailsTo(w.people.erika.email);
  expect(erika.map((m) => m.attachments.map((a) => a.filename))).toEqual([[file(w.docs.email)]]);
  expect(erika[0]!.text).toContain("Guten Tag Frau Weiß,");
  for (const nobody of [w.people.olga, w.people.nico, w.people.karl])
    expect(await mailsTo(nobody.email), nobody.name).toHaveLength(0);

  const anna = await portalItems(browser, base, await mailedLink(w.people.anna.email));
  expect(anna, "the resident who moved out on 31 October still sees her October").toEqual([
    expect.stringContaining("Oktober 2026"),
  ]);
  expect(anna[0]).toContain(file(w.docs.portal));
  const joerg = await portalItems(browser, base, await mailedLink(w.people.joerg.email));
  expect(joerg, "the new resident sees November, never October").toEqual([expect.stringContaining("November 2026")]);
  expect(joerg.join("\n")).not.toContain("Oktober");
}

/** "Briefe drucken": the download's first letter is the post resident's, its QR code opens his October. */
async function printLetters(page: Page, browser: Browser, base: string, w: World) {
  // The letters' sender address, kept with the text for all properties: the return line above the window.
  await page.getByRole("region", { name: "Text der E-Mail" }).getByLabel("Gilt für").selectOption("all");
  const texts = page.getByRole("form", { name: "Text der E-Mail" });
  await texts.getByLabel("Absender (Anschrift)").fill("Eichenweg 1, 20095 Hamburg");
  await texts.getByRole("button", { name: "Text speichern" }).click();
  await expect(texts.getByRole("status")).toHaveText("Der Text ist gespeichert.");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Briefe drucken (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Briefe-Haus_Eichenhöhe_${w.tag}-2026-10.pdf`);
  const path = (await download.path())!;
  const pdf = new Uint8Array(await readFile(path));
  const window = textIn(pdf, 0);
  expect(
    window.filter((line) => line.includes("Groß")),
    window.join("\n"),
  ).toHaveLength(1);
  // DIN 5008 form B: the return line (name and postal address, no e-mail), then the name once and the address.
  expect(window).toEqual([
    "Hausverwaltung Muster · Eichenweg 1 · 20095 Hamburg",
    "Herrn Hans-Jürgen Groß",
    "Schloßstraße 5",
    "10115 Berlin",
  ]);
  const pages = pdfText(pdf);
  expect(pages[0]).toContain("Guten Tag Herr Groß,");
  expect(pages.join("\n")).toContain(w.docs.post);
  for (const other of ["Erika", "Anna", "Jörg", "Olga", "Nico", "Karl"]) expect(pages.join("\n")).not.toContain(other);
  const qr = qrCodeOn(pdf, 0);
  expect(qr, "the portal link as a QR code").toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  expect(pages[0]).toContain(qr!);
  expect(await portalItems(browser, base, qr!)).toEqual([expect.stringContaining("Oktober 2026")]);
  firstPageAsPng(path, "tests/e2e/screenshots/residents-letter");
  await expect(monthRow(page, w.units.post).entry).toHaveAttribute("data-status", "printed");
  // Made, not handed on: "Gedruckt und versandt" after a question does that (issue #50).
  await page.getByRole("button", { name: "Gedruckt und versandt" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ja, gedruckt und versandt" }).click();
  await expect(monthRow(page, w.units.post).entry).toHaveAttribute("data-status", "posted");
}

/** The change on 15 October: listed with who lived there when, handed to nobody, then assigned to the new resident. */
async function assignChange(page: Page, w: World, manager: string) {
  const { row, entry } = monthRow(page, w.units.change);
  await expect(entry).toHaveAttribute("data-status", "change");
  await expect(entry).toContainText("Mieterwechsel im Zeitraum");
  await expect(row).toContainText("je nach Zeitraum (siehe Zuordnung)");
  await expect(entry.getByRole("list", { name: "Wer im Zeitraum dort wohnte" }).getByRole("listitem")).toHaveText([
    "Olga Vorher (01.01.2021 – 14.10.2026)",
    "Nico Nachher (ab 15.10.2026)",
  ]);
  expect(await mailsTo(w.people.olga.email)).toHaveLength(0);
  expect(await mailsTo(w.people.nico.email)).toHaveLength(0);
  await entry
    .getByLabel(`Dokument ${file(w.docs.change)} zuordnen an`)
    .selectOption({ label: "Nico Nachher (ab 15.10.2026)" });
  await entry.getByRole("button", { name: "Zuordnen" }).click();
  await expect(entry).toHaveAttribute("data-status", "open");
  await expect(entry).toContainText(`Entschieden von ${manager}`);
  await expect(row).toContainText("Nico Nachher");
}

/** The assigned document handed on from its inbox row: it reaches the new resident alone. */
async function handOnAssigned(page: Page, base: string, w: World) {
  await page.goto(`${base}/documents?state=all`);
  await page.getByRole("button", { name: `An Bewohner weitergeben: ${file(w.docs.change)}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Weitergeben" }).click();
  await expect(page.getByTestId("handoff-run").getByRole("status")).toHaveText(
    "Gesendet: 1, fehlgeschlagen: 0, übersprungen: 0.",
    { timeout: 30_000 },
  );
  const nico = await mailsTo(w.people.nico.email);
  expect(nico.map((m) => m.attachments.map((a) => a.filename))).toEqual([[file(w.docs.change)]]);
  expect(await mailsTo(w.people.olga.email)).toHaveLength(0);
}

/** The month after the round: each unit as its resident of October received it; axe at 1440 and 390 px. */
async function checkMonth(page: Page, w: World) {
  const expected: [string, string, string][] = [
    [w.units.email, "email", "Erika Weiß"],
    [w.units.portal, "portal", "Anna Alt"],
    [w.units.post, "posted", "Hans-Jürgen Groß"],
    [w.units.change, "email", "Nico Nachher"],
    [w.units.vacancy, "vacancy", "Leerstand"],
  ];
  // Each unit's resident of October (the column "Bewohner") and what became of its document.
  for (const [unit, status, resident] of expected) {
    const { row, entry } = monthRow(page, unit);
    await expect(entry).toHaveAttribute("data-status", status);
    await expect(row.getByRole("cell").first()).toHaveText(resident);
  }
  await expect(page.getByTestId("handoff-summary")).toHaveText(
    "Zusammenfassung: Per E-Mail gesendet: 2 · Im Portal bereitgestellt: 1 · Gedruckt und versandt: 1 · Leerstand: keine Weitergabe nötig: 1",
  );
  await expectAccessible(page);
  await page.screenshot({ path: "tests/e2e/screenshots/residents-month.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(monthRow(page, w.units.change).entry).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Support's view as the admin: the completeness grid and the timelines say what the residents received. */
async function checkSupport(browser: Browser, base: string, w: World, connection: string, manager: string) {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/delivery/completeness?connection=${connection}&from=2026-10&to=2026-10`);
  const cell = (unit: string) =>
    page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: new RegExp(unit) }) })
      .locator("td");
  for (const unit of [w.units.email, w.units.portal, w.units.post, w.units.change])
    await expect(cell(unit), unit).toHaveAttribute("data-cell", "handedOver");
  await expect(cell(w.units.vacancy), "a vacancy is handed to nobody").not.toHaveAttribute("data-cell", "handedOver");

  const timeline = page.getByTestId("timeline");
  const handOffs = timeline.getByText(/An den Bewohner weitergegeben/);
  await page.goto(`${base}/delivery/${connection}/${w.docs.change}`);
  await expect(timeline).toContainText("Einem Bewohner des Zeitraums zugeordnet");
  await expect(handOffs).toHaveText([/^An den Bewohner weitergegeben: per E-Mail \(gesendet\), Versuch 1/]);
  await expect(timeline).toContainText(manager);
  await expect(page.locator("main")).not.toContainText(/Olga|Nico|Vorher|Nachher/);
  await page.goto(`${base}/delivery/${connection}/${w.docs.portal}`);
  await expect(handOffs).toHaveText([/^An den Bewohner weitergegeben: über das Portal \(gesendet\), Versuch 1/]);
  await page.goto(`${base}/delivery/${connection}/${w.docs.vacancy}`);
  await expect(timeline).toContainText("Bestätigung vom Anbieter angenommen");
  await expect(handOffs).toHaveCount(0);
  await context.close();
}

test("residents in time: October reaches the resident of October on every channel, and every view agrees", async ({
  page,
  base,
  browser,
}) => {
  const w = residentsWorld();
  await setDocuments(w.documents);
  const manager = await seedUser("manager", "Rosa Register");
  await signInAs(page, manager.email, manager.password);
  const connection = await addConnection(page, `Messdienst Eiche ${w.tag}`);
  expect((await page.request.post(`${base}/api/connections/${connection}/sync`)).status()).toBe(200);

  await test.step("the register is imported through the page", () => importRegister(page, base, w));
  await test.step("October is confirmed and handed on from the inbox", () => confirmAndHandOn(page, base, w));
  await test.step("each resident received their own months", () => checkResidents(browser, base, w));
  await test.step("the month page prints the post resident's letter", async () => {
    await openMonth(page, base, w.property, "2026-10");
    await printLetters(page, browser, base, w);
  });
  await test.step("the change is assigned on the month page", () => assignChange(page, w, manager.email));
  await test.step("the assigned document reaches its resident", () => handOnAssigned(page, base, w));
  await test.step("the month view after the round", async () => {
    await openMonth(page, base, w.property, "2026-10");
    await checkMonth(page, w);
  });
  await test.step("support's grid and timeline agree", () => checkSupport(browser, base, w, connection, manager.email));
});
