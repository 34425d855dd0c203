import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { api, mustSignIn, type Session } from "../support/session";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";

/**
 * Support's delivery pages, fed the way real data arrives: a manager's connection to the sandbox
 * is synced, one document viewed and one confirmed through the API; support then searches,
 * reads the timeline, sees the archived PDF, exports CSV and finds the gap in the completeness grid.
 */

const run = Date.now().toString(36);
const UNIT_GAP = `G${run}`; // January and March, February missing
const UNIT_FULL = `F${run}`; // January to March
const CLIENT = {
  id: `hv-e2e-${run}`,
  services: ["uvi", "dta"],
  basic: { username: `hv-e2e-${run}`, password: "e2e-basic-secret-1" },
  oauth: { clientId: `hv-e2e-${run}-api`, clientSecret: "e2e-oauth-secret-1" },
  customers: ["4711", "4712"],
};
const id = (name: string) => `${name}-${run}`;

function uvi(documentid: string, msc: string, month: string) {
  return {
    service: "uvi",
    customer: "4711",
    documentid,
    filename: `UVI_${documentid}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-E2E",
    metadata: [{ reftype: "resident", mscnumber: msc, pmnumber: `PM-${msc}`, from: `${month}-01`, to: `${month}-28` }],
    content: { generate: "uvi-pdf" },
    confirmed: false,
  };
}

const DOCUMENTS = [
  uvi(id("gap-jan"), UNIT_GAP, "2026-01"),
  uvi(id("gap-mar"), UNIT_GAP, "2026-03"),
  uvi(id("full-jan"), UNIT_FULL, "2026-01"),
  uvi(id("full-feb"), UNIT_FULL, "2026-02"),
  uvi(id("full-mar"), UNIT_FULL, "2026-03"),
];

let manager: { email: string; password: string; name: string };
let support: { email: string; password: string; name: string };
let connectionId: string;
const connectionName = `Messdienst E2E ${run}`;

async function sandbox(method: string, path: string, json?: unknown) {
  const res = await fetch(`${baseUrl()}/sandbox/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN}`, ...(json ? { "Content-Type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function mustSync(session: Session, connection: string) {
  const res = await fetch(`${baseUrl()}/api/connections/${connection}/sync`, { method: "POST", headers: { Cookie: session.cookie } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(JSON.parse(text.trim().split("\n").at(-1)!)).toMatchObject({ done: true });
}

/** No serious or critical accessibility violation on the page as it stands. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/delivery-${name}.png`, fullPage: true });

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
  await sandbox("PUT", "/state", { clients: [CLIENT], documents: DOCUMENTS });
  manager = await seedUser("manager", "Mara Verwalterin");
  support = await seedUser("support", "Sven Support");
  const session = await mustSignIn(baseUrl(), manager.email, manager.password);
  const created = await api(session, baseUrl(), "/api/connections", {
    method: "POST",
    json: { name: connectionName, service: "uvi", baseUrl: `${baseUrl()}/arge`, auth: { type: "basic", ...CLIENT.basic } },
  });
  expect(created.status, created.text).toBe(201);
  connectionId = created.body.id;
  await mustSync(session, connectionId);
  const viewed = await api(session, baseUrl(), `/api/connections/${connectionId}/documents/${id("full-feb")}/data`);
  expect(viewed.status).toBe(200);
  const confirmed = await api(session, baseUrl(), `/api/connections/${connectionId}/documents/${id("gap-jan")}/status`, { method: "PUT" });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.body.state).toBe("confirmed");
});

test.afterAll(async () => {
  await sandbox("POST", "/reset");
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
  await expect(page.getByTestId("pdf-page").locator(".textLayer"), "the text layer holds the page's text").toContainText("Unterjährige Verbrauchsinformation");
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
  await expect(page.getByText("Wählen Sie eine Verbindung oder eine Liegenschaft, oder geben Sie eine Hausverwaltung an")).toBeVisible();
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
  for (const path of ["/delivery", "/delivery/completeness", `/delivery/${connectionId}/${id("gap-jan")}`, "/admin/users"]) {
    const res = await page.goto(`${base}${path}`);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText("Diese Seite gibt es nicht.")).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Zustellung" })).toHaveCount(0);
});
