import type { Page } from "@playwright/test";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, sandbox, setDocuments, uviDoc } from "./inbox-support";

/**
 * The monthly §6a view in German (issue 24): a manager whose unit's October document went to its
 * resident by e-mail finds "Weitergabe an Bewohner" in the navigation, picks the property and the
 * month, and reads "Per E-Mail gesendet" with the summary; edits the e-mail's text, reads the
 * refusal of an unknown placeholder at its field, saves, and the next mail carries the new subject.
 * At 390 px the page does not scroll sideways; axe finds nothing serious. Support then sees the
 * month "an Bewohner weitergegeben" in the completeness grid and the hand-offs in the document's
 * timeline, without the resident.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const PROPERTY = "Wohnanlage Lindenhof";
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  `72001;${PROPERTY};EG links;Greta Lindner;greta@example.de;E-Mail;01.03.2026 Formular;`,
  `72002;${PROPERTY};1. OG;;;;;`,
].join("\n");

let manager: { email: string; password: string };
/** The manager's connection, made by the first test; the second reads its document as support. */
let connectionId = "";

test.beforeAll(async () => {
  manager = await seedUser("manager", "Wilma Weitergabe");
  await setDocuments((customer) => [uviDoc("wg-72001", "72001", "2026-10", customer)]);
});

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "the page scrolls sideways").toBeLessThanOrEqual(widths.client);
}

/** The register, the synced and confirmed (so archived) document, and its hand-off by e-mail, through the API. */
async function handOffByMail(page: Page) {
  const id = await addConnection(page, "Weitergabe");
  connectionId = id;
  expect((await page.request.post(`${baseUrl()}/api/connections/${id}/sync`)).status()).toBe(200);
  const put = await page.request.put(`${baseUrl()}/api/units`, {
    data: REGISTER,
    headers: { "content-type": "text/csv" },
  });
  expect(put.status(), await put.text()).toBe(200);
  expect(
    (await page.request.put(`${baseUrl()}/api/connections/${id}/documents/wg-72001/status`, { data: {} })).status(),
  ).toBe(200);
  const handoff = async () => {
    const res = await page.request.post(`${baseUrl()}/api/handoffs`, {
      data: { documents: [{ connectionId: id, documentid: "wg-72001" }], again: true },
    });
    expect(await res.text()).toContain('"state":"sent"');
  };
  await handoff();
  return handoff;
}

test("the manager reads the month's hand-off, edits the e-mail's text, and the next mail carries it; at 390 px too", async ({
  page,
}) => {
  await signInAs(page, manager.email, manager.password);
  await sandbox("DELETE", "/mail");
  const handOffAgain = await handOffByMail(page);

  await page.goto(`${baseUrl()}/documents`);
  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Weitergabe an Bewohner" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Weitergabe an Bewohner" })).toBeVisible();
  const pick = page.getByRole("form", { name: "Liegenschaft und Monat" });
  await pick.getByLabel("Liegenschaft").selectOption(PROPERTY);
  await pick.getByLabel("Monat").fill("2026-10");
  await pick.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/month=2026-10/);

  const rows = page.getByTestId("handoff-row");
  await expect(rows.filter({ hasText: "72001" })).toContainText("Per E-Mail gesendet");
  await expect(rows.filter({ hasText: "72001" })).toContainText("Greta Lindner");
  await expect(rows.filter({ hasText: "72001" })).toContainText(manager.email);
  await expect(rows.filter({ hasText: "72002" })).toContainText("Kein Dokument für diesen Monat");
  await expect(page.getByTestId("handoff-summary")).toHaveText(
    "Zusammenfassung: Per E-Mail gesendet: 1 · Kein Dokument für diesen Monat: 1",
  );
  await expect(page.getByRole("link", { name: "Monat als CSV herunterladen" })).toHaveAttribute(
    "href",
    /month\.csv\?property=Wohnanlage\+Lindenhof&month=2026-10/,
  );
  await expectAccessible(page);

  // The text: the built-in one prefilled; an unknown placeholder is named at its field; a good one is saved.
  const editor = page.getByRole("form", { name: "Text der E-Mail" });
  await expect(editor.getByText("Der mitgelieferte Text (noch nicht geändert).")).toBeVisible();
  const subject = editor.getByLabel("Betreff");
  await expect(subject).toHaveValue("Ihre Verbrauchsinformation für {monat} – {einheit}");
  await subject.fill("Verbrauch {monat} – {wohnung}");
  await editor.getByRole("button", { name: "Text speichern" }).click();
  await expect(editor.getByText("Unbekannte Platzhalter: {wohnung}.", { exact: false })).toBeVisible();
  await expect(subject).toHaveAttribute("aria-invalid", "true");
  await subject.fill("Verbrauch {monat} – {einheit}, {liegenschaft}");
  await editor.getByRole("button", { name: "Text speichern" }).click();
  await expect(editor.getByRole("status")).toHaveText("Der Text ist gespeichert.");
  await expectAccessible(page);

  await sandbox("DELETE", "/mail");
  await handOffAgain();
  const [mail] = (await (await sandbox("GET", "/mail")).json()) as { subject: string }[];
  expect(mail!.subject).toBe(`Verbrauch Oktober 2026 – EG links, ${PROPERTY}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows.filter({ hasText: "72001" })).toContainText("Per E-Mail gesendet");
  await expect(
    page.getByRole("form", { name: "Text der E-Mail" }).getByText("Eigener Text dieser Liegenschaft."),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test("support sees the month handed over in the grid and the hand-offs in the timeline, without the resident", async ({
  page,
}) => {
  const support = await seedUser("support", "Sven Support");
  await signInAs(page, support.email, support.password);
  await page.goto(`${baseUrl()}/delivery/completeness?connection=${connectionId}&from=2026-10&to=2026-10`);
  await expect(page.getByRole("list", { name: "Legende" })).toContainText("an Bewohner weitergegeben");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /72001/ }) });
  await expect(row.locator("td")).toHaveAttribute("data-cell", "handedOver");
  await expect(row.locator("td .sr-only")).toHaveText("an Bewohner weitergegeben");
  await expectAccessible(page);

  await page.goto(`${baseUrl()}/delivery/${connectionId}/wg-72001`);
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText(
    "An den Bewohner weitergegeben: per E-Mail (gesendet), Versuch 1 · Antwort des Mailservers: angenommen, Nachrichten-ID",
  );
  await expect(timeline).toContainText("Versuch 2");
  await expect(timeline).toContainText(manager.email);
  await expect(page.locator("main")).not.toContainText("Greta");
  await expect(page.locator("main")).not.toContainText("greta@example.de");
  await expectAccessible(page);
});
