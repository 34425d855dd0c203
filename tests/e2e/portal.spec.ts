import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { pdfText } from "../support/pdf-text";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, sandbox, uviDoc } from "./inbox-support";

/**
 * The resident's portal (issue 24) as a resident meets it: the link comes on the property's
 * printed letter (a portal resident without e-mail), is opened on a 390 px phone in a browser
 * that never signed in, lists the resident's document in German, fits the screen, passes axe,
 * and its "Herunterladen" gives the archived file; a wrong link shows a missing page's 404, and
 * once the owner revokes the link on the register's row it does too.
 */

const thisMonth = () =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" }).format(new Date());

test("a portal link from the printed letter opens the resident's documents at 390 px, and the download is the archived file", async ({
  page,
  base,
  browser,
}) => {
  const tag = randomBytes(3).toString("hex");
  const msc = `7${Date.now().toString().slice(-7)}`;
  const docId = `portal-${tag}`;
  const month = thisMonth();
  const property = `Haus Ahorn ${tag}`;
  // The document joins what the sandbox holds for its demo customer; other specs' documents stay.
  const state = (await (await sandbox("GET", "/state")).json()) as {
    settings: unknown;
    clients: { basic?: unknown; oauth?: unknown; customers: string[] }[];
    documents: unknown[];
  };
  const customer = state.clients.find((c) => c.basic && c.oauth)!.customers[0]!;
  await sandbox("PUT", "/state", { ...state, documents: [...state.documents, uviDoc(docId, msc, month, customer)] });

  const manager = await seedUser("manager", "Maria Verwalterin");
  await signInAs(page, manager.email, manager.password);
  const connection = await addConnection(page, `Portal ${tag}`);
  expect((await page.request.post(`${base}/api/connections/${connection}/sync`)).status()).toBe(200);
  const confirmed = await page.request.put(`${base}/api/connections/${connection}/documents/${docId}/status`, {
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const csv = `Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift\n${msc};${property};3. OG rechts;Renate Ohnepost;;Portal;01.03.2026 Formular;Ahornweg 5, 20095 Hamburg\n`;
  expect(
    (await page.request.put(`${base}/api/units`, { data: csv, headers: { "content-type": "text/csv" } })).status(),
  ).toBe(200);

  const print = await page.request.post(`${base}/api/handoffs/print`, {
    data: { property, month, senderAddress: "Musterweg 1, 20095 Hamburg" },
  });
  expect(print.status(), await print.text()).toBe(200);
  const letter = pdfText(await print.body()).find((p) => p.includes("Renate Ohnepost"))!;
  const link = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}/.exec(letter)?.[0];
  expect(link, letter).toBeTruthy();

  // The resident's own phone: another browser, never signed in.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "de-DE",
    acceptDownloads: true,
  });
  const resident = await phone.newPage();
  await resident.goto(link!.replace(/^https?:\/\/[^/]+/, base));
  await expect(resident.getByRole("heading", { name: "Ihre Verbrauchsinformationen", level: 1 })).toBeVisible();
  await expect(resident.getByText(`Wohnung: 3. OG rechts (${property})`)).toBeVisible();
  const items = resident.getByRole("list", { name: "Ihre Verbrauchsinformationen" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`UVI_${docId}.pdf`);
  expect(await resident.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(resident);
  await resident.screenshot({ path: "tests/e2e/screenshots/portal-390.png", fullPage: true });

  const [download] = await Promise.all([
    resident.waitForEvent("download"),
    items
      .first()
      .getByRole("link", { name: /herunterladen/i })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`UVI_${docId}.pdf`);
  const bytes = await readFile((await download.path())!);
  const archived = await page.request.get(`${base}/api/connections/${connection}/documents/${docId}/data`);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(
    createHash("sha256")
      .update(await archived.body())
      .digest("hex"),
  );

  // A wrong link shows the page a missing path shows, with the same status.
  const wrong = await resident.goto(`${base}/r/${"A".repeat(43)}`);
  const wrongText = await resident.locator("main").innerText();
  const missing = await resident.goto(`${base}/gibt-es-nicht`);
  expect([wrong?.status(), missing?.status()]).toEqual([404, 404]);
  expect(wrongText).toBe(await resident.locator("main").innerText());

  // The owner revokes the link on the register's row, after the question; the link is dead at once.
  await page.goto(`${base}/units?q=${msc}`);
  await page.getByRole("button", { name: `Portal-Link für Nutzeinheit ${msc} widerrufen` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Der Link von Renate Ohnepost wird sofort ungültig");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Portal-Link widerrufen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Der Portal-Link ist widerrufen." })).toBeVisible();
  expect((await resident.goto(link!.replace(/^https?:\/\/[^/]+/, base)))?.status()).toBe(404);
  await phone.close();
});
