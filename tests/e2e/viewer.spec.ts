import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { api, mustSignIn, type Session } from "../support/session";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";

/**
 * The document viewer on support's document page: a two-page PDF (navigation, zoom, selectable
 * text), a DTA ZIP file (entries, preview, download), a file without preview, a PDF that is
 * none, and the server's reason when the file route refuses. pdf.js's worker comes from the app.
 */

const run = Date.now().toString(36);
const PDFJS_VERSION = (
  JSON.parse(readFileSync(path.resolve("node_modules/pdfjs-dist/package.json"), "utf8")) as { version: string }
).version;
const CLIENT = {
  id: `hv-view-${run}`,
  services: ["uvi", "dta"],
  basic: { username: `hv-view-${run}`, password: "view-basic-secret-1" },
  customers: ["4711", "4712"],
};
const id = (name: string) => `${name}-${run}`;
const ZIP_NAME = `DTA_4712_${run}.zip`;
const ZIP_ID = `dta.lieferung_${run}`;

async function twoPagePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [i, words] of ["Erste Seite der Abrechnung", "Zweite Seite mit den Summen"].entries()) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(words, { x: 60, y: 760, size: 24, font });
    page.drawRectangle({ x: 60, y: 400 - i * 100, width: 300, height: 120 });
  }
  return Buffer.from(await pdf.save()).toString("base64");
}

function doc(
  service: "uvi" | "dta",
  documentid: string,
  filename: string,
  mimetype: string,
  content: unknown,
  customer = "4711",
) {
  return {
    service,
    customer,
    documentid,
    filename,
    doctype: service === "uvi" ? "UVI-E" : "A",
    ...(service === "dta" ? { doctypeversion: "3.07" } : {}),
    mimetype,
    propertymanagement: "HV-VIEW",
    metadata: [
      { reftype: "residentialunit", mscnumber: `V${run}`, pmnumber: null, from: "2026-01-01", to: "2026-01-31" },
    ],
    content,
    confirmed: false,
  };
}

let support: { email: string; password: string };
let uviConnection: string;
let dtaConnection: string;

async function sandbox(method: string, p: string, json?: unknown) {
  const res = await fetch(`${baseUrl()}/sandbox/api${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN}`,
      ...(json ? { "Content-Type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function connect(session: Session, body: Record<string, unknown>): Promise<string> {
  const res = await api(session, baseUrl(), "/api/connections", {
    method: "POST",
    json: { name: `Ansicht ${run}`, auth: { type: "basic", ...CLIENT.basic }, ...body },
  });
  expect(res.status, res.text).toBe(201);
  const sync = await fetch(`${baseUrl()}/api/connections/${res.body.id}/sync`, {
    method: "POST",
    headers: { Cookie: session.cookie },
  });
  expect(sync.status, await sync.clone().text()).toBe(200);
  expect(await sync.text()).toContain('"done":true');
  return res.body.id;
}

/** The manager views the document, which archives its bytes for support. */
async function view(session: Session, connection: string, documentid: string) {
  const res = await api(
    session,
    baseUrl(),
    `/api/connections/${connection}/documents/${encodeURIComponent(documentid)}/data`,
  );
  expect(res.status, res.text).toBe(200);
}

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test.beforeAll(async () => {
  await sandbox("PUT", "/state", {
    clients: [CLIENT],
    documents: [
      doc("uvi", id("two-pages"), `Abrechnung_${run}.pdf`, "application/pdf", { base64: await twoPagePdf() }),
      doc("uvi", id("not-a-pdf"), `Kaputt_${run}.pdf`, "application/pdf", {
        base64: Buffer.from("Dies ist kein PDF.").toString("base64"),
      }),
      doc("uvi", id("note"), `Notiz_${run}.txt`, "text/plain", {
        base64: Buffer.from("Nur eine Notiz.").toString("base64"),
      }),
      doc("dta", ZIP_ID, ZIP_NAME, "ZIP", { generate: "dta-zip" }, "4712"),
    ],
  });
  const manager = await seedUser("manager", "Vera Viewer");
  support = await seedUser("support", "Sina Support");
  const session = await mustSignIn(baseUrl(), manager.email, manager.password);
  uviConnection = await connect(session, { service: "uvi", baseUrl: `${baseUrl()}/arge` });
  dtaConnection = await connect(session, { service: "dta", baseUrl: `${baseUrl()}/dta`, customerNumber: "4712" });
  for (const d of ["two-pages", "not-a-pdf", "note"]) await view(session, uviConnection, id(d));
  await view(session, dtaConnection, ZIP_ID);
});

test.afterAll(async () => {
  await sandbox("POST", "/reset");
});

test("pdf.js's worker and fonts are served by the app, versioned and cacheable", async ({ request, base }) => {
  const worker = await request.get(`${base}/pdfjs/${PDFJS_VERSION}/pdf.worker.min.mjs`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(worker.headers()["cache-control"]).toContain("immutable");
  expect((await worker.body()).byteLength).toBeGreaterThan(100_000);
  const font = await request.get(`${base}/pdfjs/${PDFJS_VERSION}/standard_fonts/LiberationSans-Regular.ttf`);
  expect(font.status()).toBe(200);
  expect(font.headers()["content-type"]).toBe("font/ttf");
  for (const wrong of [
    `/pdfjs/0.0.1/pdf.worker.min.mjs`,
    `/pdfjs/${PDFJS_VERSION}/package.json`,
    `/pdfjs/${PDFJS_VERSION}/standard_fonts/..%2F..%2Fpackage.json`,
  ]) {
    expect((await request.get(`${base}${wrong}`)).status(), wrong).toBe(404);
  }
});

test("a two-page PDF: pages, zoom, fit to width, selectable text, download", async ({ page, base }) => {
  const blocked: string[] = [];
  page.on("console", (m) => m.text().includes("Content Security Policy") && blocked.push(m.text()));
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/${uviConnection}/${id("two-pages")}`);
  const toolbar = page.getByRole("group", { name: `Ansicht von Abrechnung_${run}.pdf` });
  const pdfPage = page.getByTestId("pdf-page");
  await expect(pdfPage).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await expect(page.getByTestId("pdf-page-of")).toHaveText("Seite 1 von 2");
  await expect(toolbar.getByRole("button", { name: "Vorherige Seite" })).toBeDisabled();
  await expect(pdfPage.locator(".textLayer")).toContainText("Erste Seite der Abrechnung");
  expect(
    page.workers().map((w) => w.url()),
    "pdf.js runs in its own worker from the app",
  ).toContainEqual(expect.stringContaining(`/pdfjs/${PDFJS_VERSION}/pdf.worker.min.mjs`));
  expect(blocked, "nothing was blocked by the page's CSP").toEqual([]);

  await toolbar.getByRole("button", { name: "Nächste Seite" }).click();
  await expect(page.getByTestId("pdf-page-of")).toHaveText("Seite 2 von 2");
  await expect(pdfPage.locator(".textLayer")).toContainText("Zweite Seite mit den Summen");
  await expect(toolbar.getByRole("button", { name: "Nächste Seite" })).toBeDisabled();
  await expect(page.getByRole("img", { name: `Abrechnung_${run}.pdf, Seite 2 von 2` })).toBeVisible();

  // The text layer's text is selectable and lands in the selection as words.
  const selected = await pdfPage.locator(".textLayer").evaluate((layer) => {
    const selection = window.getSelection()!;
    selection.selectAllChildren(layer);
    return { text: selection.toString(), userSelect: getComputedStyle(layer.querySelector("span")!).userSelect };
  });
  expect(selected.text).toContain("Zweite Seite mit den Summen");
  expect(selected.userSelect).not.toBe("none");

  const fit = toolbar.getByRole("button", { name: "An Breite anpassen" });
  await expect(fit).toHaveAttribute("aria-pressed", "true");
  const zoom = page.getByTestId("pdf-zoom");
  const before = Number((await zoom.innerText()).match(/\d+/)![0]);
  const width = await pdfPage.evaluate((el) => el.getBoundingClientRect().width);
  await toolbar.getByRole("button", { name: "Vergrößern" }).click();
  // One step is 125 % of the drawn scale (the label rounds both).
  await expect
    .poll(async () => Math.abs(Number((await zoom.innerText()).match(/\d+/)![0]) - before * 1.25))
    .toBeLessThanOrEqual(1);
  await expect(fit).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => pdfPage.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(width * 1.2);
  await toolbar.getByRole("button", { name: "Verkleinern" }).click();
  await toolbar.getByRole("button", { name: "Verkleinern" }).click();
  await expect.poll(() => pdfPage.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(width);
  await fit.click();
  await expect(zoom).toHaveText(`Zoom ${before} %`);

  const download = toolbar.getByRole("link", { name: `Herunterladen: Abrechnung_${run}.pdf` });
  await expect(download).toHaveAttribute("href", `/api/delivery/documents/${uviConnection}/${id("two-pages")}/file`);
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await expectAccessible(page);
});

test("a DTA ZIP: its entries, a text entry previewed, an entry downloaded", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/${dtaConnection}/${encodeURIComponent(ZIP_ID)}`);
  await expect(page.getByText(ZIP_ID, { exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: `Inhalt von ${ZIP_NAME}: 2 Einträge` });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole("columnheader")).toHaveText(["Name", "Größe", "Geändert", "Aktionen"]);
  const readme = table.getByRole("row").filter({ hasText: "LIESMICH.txt" });
  await expect(readme).toContainText(/\d+ B/);
  await expect(readme).toContainText("2026");
  await expect(table.getByRole("row").filter({ hasText: ZIP_NAME.replace(/\.zip$/, ".dta") })).toBeVisible();

  await readme.getByRole("button", { name: "Vorschau von LIESMICH.txt" }).click();
  await expect(page.getByRole("heading", { name: "Vorschau von LIESMICH.txt" })).toBeFocused();
  await expect(page.getByTestId("zip-preview")).toContainText("Nutzeinheiten");
  await expect(page.getByTestId("zip-preview")).toContainText("Zeitraum");

  const [entry] = await Promise.all([
    page.waitForEvent("download"),
    readme.getByRole("button", { name: "Herunterladen: LIESMICH.txt" }).click(),
  ]);
  expect(entry.suggestedFilename()).toBe("LIESMICH.txt");
  expect(readFileSync((await entry.path())!).toString("utf8")).toContain("Zeitraum");
  await expectAccessible(page);
  await page.screenshot({ path: "tests/e2e/screenshots/delivery-zip-de.png", fullPage: true });
});

test("no preview for other types, a broken PDF and a refused file in words", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/${uviConnection}/${id("note")}`);
  await expect(page.getByText("Für diesen Dateityp")).toBeVisible();
  await expect(page.getByRole("link", { name: `Herunterladen: Notiz_${run}.txt` })).toHaveAttribute("href", /\/file$/);

  await page.goto(`${base}/delivery/${uviConnection}/${id("not-a-pdf")}`);
  await expect(page.getByRole("alert").filter({ hasText: "Die Datei ist kein lesbares PDF." })).toBeVisible({
    timeout: 30_000,
  });

  // The archive losing a file cannot be staged over HTTP: the route's refusal is played back here.
  await page.route("**/api/delivery/documents/*/*/file", (route) =>
    route.fulfill({
      status: 404,
      json: { error: "not_found", message: "Von diesem Dokument ist noch keine Datei archiviert." },
    }),
  );
  await page.goto(`${base}/delivery/${uviConnection}/${id("two-pages")}`);
  await expect(page.getByRole("alert").filter({ hasText: "Das Dokument konnte nicht geladen werden" })).toHaveText(
    /Das Dokument konnte nicht geladen werden: Von diesem Dokument ist noch keine Datei archiviert\./,
  );
});

test.describe("in English", () => {
  test.use({ locale: "en-US" });
  test("the ZIP viewer and the PDF toolbar in English", async ({ page, base }) => {
    await signInAs(page, support.email, support.password);
    await page.goto(`${base}/delivery/${dtaConnection}/${encodeURIComponent(ZIP_ID)}`);
    const table = page.getByRole("table", { name: `Contents of ${ZIP_NAME}: 2 entries` });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await table.getByRole("button", { name: "Preview of LIESMICH.txt" }).click();
    await expect(page.getByTestId("zip-preview")).toContainText("Zeitraum");
    await expectAccessible(page);
    await page.screenshot({ path: "tests/e2e/screenshots/delivery-zip-en.png", fullPage: true });

    await page.goto(`${base}/delivery/${uviConnection}/${id("two-pages")}`);
    const toolbar = page.getByRole("group", { name: `View of Abrechnung_${run}.pdf` });
    await expect(page.getByTestId("pdf-page")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
    await expect(page.getByTestId("pdf-page-of")).toHaveText("Page 1 of 2");
    for (const name of ["Previous page", "Next page", "Zoom in", "Zoom out", "Fit to width"])
      await expect(toolbar.getByRole("button", { name })).toBeVisible();
    await expectAccessible(page);
  });
});
