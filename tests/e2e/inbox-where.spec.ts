import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, sandbox, setDocuments, shot, uviDoc } from "./inbox-support";

/**
 * Issue 35 in the inbox, in German, on a desktop (1440 px) and in the "phone" project (390 px): "Bestätigen und
 * weitergeben" in one question, confirmed rows that stay with their hand-off, the viewer in view however it opens
 * and named by its file after a confirmation, file names that wrap only at separators, pages of at most 50 documents
 * (a unit cut by the pager says so), and a property's own file (a `billingunit` reference) without a hand-off.
 */

test.afterAll(async () => {
  await sandbox("DELETE", "/faults");
});

const narrow = (page: Page) => page.viewportSize()!.width < 768;

async function synced(page: Page, connectionId: string) {
  const res = await page.request.post(`${baseUrl()}/api/connections/${connectionId}/sync`);
  expect(await res.text()).toContain('"done":true');
}

async function putRegister(page: Page, csv: string) {
  const put = await page.request.put(`${baseUrl()}/api/units`, { data: csv, headers: { "content-type": "text/csv" } });
  expect(put.status(), await put.text()).toBe(200);
}

/** The element lies wholly inside the window (asked again until it does: a reload may lay the page out twice). */
async function expectInViewport(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

/** The characters after which the element's text wraps onto a new line, as laid out. */
const wrapsAfter = (locator: Locator) =>
  locator.evaluate((el) => {
    const after: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let top: number | null = null;
    let prev = "";
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const y = range.getBoundingClientRect().top;
        if (top !== null && y > top + 2) after.push(prev);
        top = y;
        prev = text[i]!;
      }
    }
    return after;
  });

type Mail = { to: string[] };
const mailsTo = async (address: string) =>
  ((await (await sandbox("GET", "/mail")).json()) as Mail[]).filter((m) => m.to.includes(address));

test("'Bestätigen und weitergeben': one question confirms a unit's documents, then hands them on; the rows stay", async ({
  page,
  base,
}) => {
  const tag = randomBytes(3).toString("hex");
  const unit = `79${String(parseInt(tag, 16) % 10_000).padStart(4, "0")}`;
  const email = `weiter-${tag}@example.de`;
  const ids = ["a", "b"].map((x) => `bw-${tag}-${x}`);
  await setDocuments((customer) => ids.map((id, i) => uviDoc(id, unit, `2026-0${8 + i}`, customer)));
  const manager = await seedUser("manager", "Berta Weiter");
  await signInAs(page, manager.email, manager.password);
  await putRegister(
    page,
    `Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung\n${unit};Haus Ulme;Erdgeschoss ${tag};Ida Ulm;${email};E-Mail;01.03.2026 Formular\n`,
  );
  await synced(page, await addConnection(page, "Messdienst Ulme"));
  await page.goto(`${base}/documents`);

  const group = page.getByRole("region", { name: `Erdgeschoss ${tag}` });
  await group.getByRole("button", { name: /^Alle offenen bestätigen \(2\)/ }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toContainText("gibt danach die bestätigten Dokumente (2 mit Empfänger)");
  await expect(ask.getByRole("button", { name: "2 Dokumente bestätigen" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, `confirm-and-hand-on-ask-${page.viewportSize()!.width}`);
  await ask.getByRole("button", { name: "Bestätigen und weitergeben" }).click();

  await expect(page.getByTestId("confirm-run").getByRole("status")).toContainText("Fertig: 2 bestätigt", {
    timeout: 30_000,
  });
  const run = page.getByTestId("handoff-run");
  await expect(run.getByRole("status")).toHaveText("Gesendet: 2, fehlgeschlagen: 0, übersprungen: 0.", {
    timeout: 30_000,
  });
  await expect(run.getByTestId("handoff-outcome")).toHaveCount(2);
  // The default view lists open documents; these stay, confirmed and handed on, until the page is reloaded.
  await expect(group.getByRole("row").filter({ hasText: "Bestätigt" })).toHaveCount(2);
  await expect(group.getByRole("row").filter({ hasText: /Weitergegeben per E-Mail/ })).toHaveCount(2);
  await expect(group.getByRole("button", { name: /^An Bewohner weitergeben \(2\)/ })).toBeVisible();
  expect(await mailsTo(email)).toHaveLength(2);
  await expectAccessible(page);
  await shot(page, `confirm-and-hand-on-done-${page.viewportSize()!.width}`);
  await page.reload();
  await expect(group).toHaveCount(0);
});

test("the viewer is in view by link, reload and keyboard, keeps its file's name and state; names wrap at separators", async ({
  page,
  base,
}) => {
  const tag = randomBytes(3).toString("hex");
  const id = `vw-${tag}`;
  const filename = `UVI_Verbrauchsinformation-Heizung-Warmwasser_${tag}_Liegenschaft-Nord_55501001.pdf`;
  await setDocuments((customer) => [
    { ...uviDoc(id, "770001", "2026-09", customer), filename },
    ...Array.from({ length: 30 }, (_, i) =>
      uviDoc(`vf-${tag}-${i}`, `7701${String(i).padStart(2, "0")}`, "2026-09", customer),
    ),
  ]);
  const manager = await seedUser("manager", "Viola Sicht");
  await signInAs(page, manager.email, manager.password);
  const connectionId = await addConnection(page, "Messdienst Sicht");
  await synced(page, connectionId);
  const title = page.getByRole("heading", { level: 2, name: filename });

  // By a link, and again after a reload.
  await page.goto(`${base}/documents?doc=${encodeURIComponent(`${connectionId}:${id}`)}`);
  await expectInViewport(title);
  await page.reload();
  await expectInViewport(title);
  for (const after of await wrapsAfter(title)) expect("_-.").toContain(after);

  // By the keyboard, from the row at the end of the list.
  await page.keyboard.press("Escape");
  await expect(title).toHaveCount(0);
  const row = page.getByRole("button", { name: filename, exact: true });
  const rowWraps = await wrapsAfter(row);
  for (const after of rowWraps) expect("_-.").toContain(after);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await row.focus();
  await page.keyboard.press("Enter");
  await expectInViewport(title);
  expect(rowWraps.length + (await wrapsAfter(title)).length, "the long name wraps somewhere").toBeGreaterThan(0);

  // Confirmed from the viewer: it keeps the file's name and shows the new state (on a phone the run closes it first).
  await page.getByTestId("document-pane").getByRole("button", { name: "Bestätigen", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Empfang bestätigen" }).click();
  await expect(page.getByTestId("confirm-run").getByRole("status")).toContainText("Fertig: 1 bestätigt", {
    timeout: 30_000,
  });
  if (narrow(page)) await row.click();
  await expect(title).toBeVisible();
  await expect(page.getByTestId("document-pane")).toContainText("Bestätigt");
  await expect(page.getByRole("heading", { level: 2, name: id, exact: true })).toHaveCount(0);
  await expectInViewport(title);
  await shot(page, `viewer-confirmed-${page.viewportSize()!.width}`);
});

test("pages of at most 50 documents, a unit cut by the pager, and a property's own file without a hand-off", async ({
  page,
  base,
}) => {
  const tag = randomBytes(3).toString("hex");
  const units = Array.from({ length: 5 }, (_, i) => `78${String(parseInt(tag, 16) % 1000).padStart(3, "0")}${i}`);
  const months = Array.from({ length: 12 }, (_, m) => `2025-${String(m + 1).padStart(2, "0")}`);
  await setDocuments((customer) => [
    ...units.flatMap((u) => months.map((ym) => uviDoc(`pg-${u}-${ym}`, u, ym, customer))),
    {
      ...uviDoc(`ae-${tag}`, units[0]!, "2025-12", customer),
      filename: `DTA_${tag}_Liegenschaft.zip`,
      metadata: [
        { reftype: "billingunit", mscnumber: `AE-${tag}`, pmnumber: null, from: null, to: null },
        ...units.map((u) => ({
          reftype: "residentialunit",
          mscnumber: u,
          pmnumber: null,
          from: "2025-01-01",
          to: "2025-12-31",
        })),
      ],
    },
  ]);
  const manager = await seedUser("manager", "Paula Seite");
  await signInAs(page, manager.email, manager.password);
  const rows = units.map(
    (u, i) =>
      `${u};Haus Eiche ${tag};AE-${tag};Lage ${i};Bewohner ${i};b${i}-${tag}@example.de;E-Mail;01.03.2026 Formular`,
  );
  await putRegister(
    page,
    ["Nutzeinheit;Liegenschaft;Abrechnungseinheit;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung", ...rows].join("\n"),
  );
  await synced(page, await addConnection(page, "Messdienst Eiche"));
  await page.goto(`${base}/documents`);

  // 61 documents: the property's file and four units' twelve fill 49 rows, the fifth unit's first the 50th.
  const docRows = page.getByTestId("unit-group").locator("tbody tr");
  await expect(docRows).toHaveCount(50);
  await expect(page.getByTestId("pager-status")).toContainText("Seite 1 von 2");
  await expect(page.getByRole("region", { name: "Lage 4" })).toContainText("Dokumente 1–1 von 12 dieser Einheit");

  // The property's own file: under its property, no unit, no hand-off, nothing to add to the register.
  const property = page.getByRole("region", { name: "Dateien der Liegenschaft" });
  await expect(property).toContainText(`AbrechnungseinheitAE-${tag}`);
  await expect(property.getByRole("button", { name: /weitergeben/i })).toHaveCount(0);
  await expect(property.getByText("Nicht weitergegeben")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Im Verzeichnis ergänzen" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: `Haus Eiche ${tag}` })).toHaveCount(1);
  if (narrow(page)) {
    // On a phone the first document is on the first screen.
    await expectInViewport(page.getByRole("button", { name: `DTA_${tag}_Liegenschaft.zip`, exact: true }));
    await page.screenshot({ path: "tests/e2e/screenshots/phone-inbox.png" });
  }
  await expectAccessible(page);

  await page.getByRole("button", { name: "Nächste Seite" }).click();
  await expect(page).toHaveURL(/offset=50/);
  await expect(docRows).toHaveCount(11);
  await expect(page.getByRole("region", { name: "Lage 4" })).toContainText("Dokumente 2–12 von 12 dieser Einheit");
});
