import { expect, seedUser, signInAs, test } from "./fixtures";
import {
  addConnection,
  confirmedAtProvider,
  expectAccessible,
  providerRequests,
  sandbox,
  setDocuments,
  shot,
  uviDoc,
} from "./inbox-support";

/** 24 usage units with two months each, and a correction of one unit's September document. */
const UNITS = 24;
const unit = (i: number) => `7100${String(i).padStart(2, "0")}`;
function journeyDocs(customer: string) {
  const docs = [];
  for (let i = 0; i < UNITS; i++)
    for (const ym of ["2026-08", "2026-09"])
      docs.push(uviDoc(`k-${String(i).padStart(2, "0")}-${ym}`, unit(i), ym, customer));
  docs.push(uviDoc("k-00-2026-09-korr", unit(0), "2026-09", customer));
  return docs;
}

test.afterAll(async () => {
  await sandbox("DELETE", "/faults");
});

test("German: sync with progress, browse by URL, read in the split view, confirm one and a whole unit", async ({
  page,
  base,
}) => {
  // Pages of 10 and a slow list: the sync takes a moment and reports progress on the page.
  await setDocuments(journeyDocs, { defaultLimit: 10, maxLimit: 10 });
  const manager = await seedUser("manager", "Clara Verwalterin");
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/documents`);
  await expect(page.getByRole("heading", { name: "Posteingang", level: 1 })).toBeVisible();
  await expect(page.getByText("Noch keine Verbindung")).toBeVisible();
  await expect(page.getByRole("link", { name: "Verbindung anlegen" })).toHaveAttribute("href", "/connections");
  await shot(page, "de-no-connection");

  const connectionId = await addConnection(page, "Messdienst Nord");
  await page.reload();
  await expect(page.getByText("Noch keine Dokumente abgeglichen")).toBeVisible();
  await expect(page.getByTestId("sync-status")).toHaveText("Noch nie abgeglichen.");

  // The provider's list is held until the progress was seen.
  await sandbox("PUT", "/faults", [{ method: "GET", path: "/arge/documents/v1/documents/out", hold: "list" }]);
  await page.getByRole("button", { name: "Jetzt abgleichen: Messdienst Nord" }).click();
  await expect(page.getByRole("progressbar", { name: "Fortschritt des Abgleichs von Messdienst Nord" })).toBeVisible();
  await shot(page, "de-sync-progress");
  await sandbox("DELETE", "/holds/list");
  await expect(page.getByTestId("sync-done")).toHaveText(
    "Abgleich beendet: 49 offen, 49 neu, 0 nicht mehr beim Anbieter.",
    { timeout: 20_000 },
  );
  await sandbox("DELETE", "/faults");
  await expect(page.getByTestId("sync-status")).toHaveText(
    /^Letzter Abgleich \d\d\.\d\d\.\d{4}, \d\d:\d\d: erfolgreich\.$/,
  );
  await expect(page.getByTestId("inbox-totals")).toContainText("Offene Dokumente49");
  await expect(page.getByTestId("unit-group")).toHaveCount(UNITS);

  // The first unit: header facts, and the correction that replaces its September document.
  const first = page.getByRole("region", { name: `Nutzeinheit ${unit(0)}` });
  await expect(first).toContainText(`HV-Nr.PM-${unit(0)}`);
  await expect(first).toContainText("LiegenschaftHV-7");
  await expect(first).toContainText("Offen3");
  await expect(first.getByRole("row").filter({ hasText: "UVI_k-00-2026-09.pdf" })).toContainText(
    "Korrekturersetzt durch UVI_k-00-2026-09-korr.pdf",
  );
  await expect(first.getByRole("row").filter({ hasText: "UVI_k-00-2026-08.pdf" })).toContainText("August 2026");
  await shot(page, "de-list");

  // Paging by documents (at most 50 by default), in the URL: reload keeps the view, back returns to the one before.
  await page.getByLabel("Dokumente pro Seite").selectOption("25");
  await expect(page).toHaveURL(/[?&]limit=25(&|$)/);
  await expect(page.getByTestId("pager-status")).toContainText("Seite 1 von 2");
  await page.getByRole("button", { name: "Nächste Seite" }).click();
  await expect(page).toHaveURL(/offset=25/);
  await expect(page.getByTestId("pager-status")).toContainText("Seite 2 von 2");
  // 25 documents a page: unit 0's three and units 1 to 11 with two each, then units 12 to 23.
  await expect(page.getByRole("region", { name: `Nutzeinheit ${unit(12)}` })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("pager-status")).toContainText("Seite 2 von 2");
  await expect(page.getByTestId("unit-group")).toHaveCount(12);
  await page.goBack();
  await expect(page.getByTestId("pager-status")).toContainText("Seite 1 von 2");
  await expect(page.getByRole("region", { name: `Nutzeinheit ${unit(0)}` })).toBeVisible();

  // Filters: month, search, state, connection.
  await page.getByLabel("Monat").fill("2026-08");
  await expect(page).toHaveURL(/month=2026-08/);
  await expect(page.getByTestId("inbox-totals")).toContainText("Dokumente in dieser Ansicht24");
  await page.getByRole("searchbox", { name: "Suche" }).fill(unit(3));
  await page.getByRole("searchbox", { name: "Suche" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${unit(3)}`));
  await expect(page.getByTestId("unit-group")).toHaveCount(1);
  await expect(page.getByTestId("inbox-totals")).toContainText("Dokumente in dieser Ansicht1");
  await page.getByLabel("Status").selectOption("all");
  await expect(page).toHaveURL(/state=all/);
  await page.getByLabel("Verbindung", { exact: true }).selectOption({ label: "Messdienst Nord" });
  await expect(page).toHaveURL(new RegExp(`connection=${connectionId}`));
  await page.reload();
  await expect(page.getByLabel("Monat")).toHaveValue("2026-08");
  await expect(page.getByRole("searchbox", { name: "Suche" })).toHaveValue(unit(3));
  await expect(page.getByLabel("Status")).toHaveValue("all");
  await shot(page, "de-filtered");
  await page.goBack();
  await page.goBack();
  await expect(page).not.toHaveURL(/state=all/);
  await expect(page.getByLabel("Status")).toHaveValue("open");
  await page.getByRole("button", { name: "Filter zurücksetzen" }).first().click();
  await expect(page).toHaveURL(/\/documents\?limit=25$/);
  await expect(page.getByTestId("unit-group")).toHaveCount(12);

  // The split view: the URL names the document; Esc closes it.
  await page.getByRole("button", { name: "UVI_k-05-2026-09.pdf", exact: true }).click();
  const viewer = page.getByRole("region", { name: "UVI_k-05-2026-09.pdf", exact: true });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`doc=${connectionId}%3Ak-05-2026-09`));
  // For the picture only: give the lazy viewer a moment to arrive.
  await viewer
    .getByText("Dokument wird geladen …")
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => undefined);
  await shot(page, "de-viewer");
  await page.reload();
  await expect(page.getByRole("region", { name: "UVI_k-05-2026-09.pdf", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "UVI_k-05-2026-09.pdf", exact: true }).focus();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(page).not.toHaveURL(/doc=/);

  // Confirm one document: the dialog names it, its unit and the connection; the row says so when the server does, and
  // stays on this page with its hand-off until the page is reloaded.
  await page.getByRole("button", { name: "Bestätigen: UVI_k-01-2026-08.pdf" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Dokument bestätigen?");
  await expect(dialog).toContainText("Sie bestätigen dem Anbieter den Empfang von UVI_k-01-2026-08.pdf.");
  await expect(dialog).toContainText(`Nutzeinheit: ${unit(1)}`);
  await expect(dialog).toContainText("Bei: Messdienst Nord (UVI, 127.0.0.1:");
  await expect(dialog).toContainText("Die Bestätigung kann nicht rückgängig gemacht werden.");
  await expectAccessible(page);
  await shot(page, "de-confirm-one");
  await dialog.getByRole("button", { name: "Empfang bestätigen" }).click();
  await expect(page.getByTestId("confirm-run")).toContainText(
    "Fertig: 1 bestätigt, 0 fehlgeschlagen, 0 werden geprüft.",
  );
  const confirmedRow = page.getByRole("row").filter({ hasText: "UVI_k-01-2026-08.pdf" });
  await expect(confirmedRow).toContainText("Bestätigt");
  await expect(confirmedRow.getByRole("button", { name: "Bestätigen: UVI_k-01-2026-08.pdf" })).toHaveCount(0);
  await expect(
    confirmedRow.getByRole("button", { name: "An Bewohner weitergeben: UVI_k-01-2026-08.pdf" }),
  ).toBeVisible();
  expect(await confirmedAtProvider("k-01-2026-08")).toBe(true);
  expect(await confirmedAtProvider("k-01-2026-09")).toBe(false);

  // A whole unit.
  const unit2 = page.getByRole("region", { name: `Nutzeinheit ${unit(2)}` });
  await unit2.getByRole("button", { name: `Alle offenen bestätigen (2): ${unit(2)}` }).click();
  await expect(dialog).toContainText("2 Dokumente bestätigen?");
  await expect(dialog).toContainText(`Nutzeinheit: ${unit(2)}`);
  await dialog.getByRole("button", { name: "2 Dokumente bestätigen" }).click();
  await expect(page.getByTestId("confirm-run")).toContainText("Fertig: 2 bestätigt");
  await expect(unit2.getByRole("button", { name: /Alle offenen bestätigen/ })).toHaveCount(0);
  await expect(unit2.getByRole("row").filter({ hasText: "Bestätigt" })).toHaveCount(2);
  expect(await confirmedAtProvider("k-02-2026-08")).toBe(true);
  expect(await confirmedAtProvider("k-02-2026-09")).toBe(true);
  await expect(page.getByTestId("inbox-totals")).toContainText("Offene Dokumente46");
  await shot(page, "de-confirmed");
  await expectAccessible(page);

  // The connections page shows the last sync, and the inbox's open count (the local index, now), not the 49 the sync
  // left.
  await page.getByRole("link", { name: "Verbindungen" }).click();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Messdienst Nord" }) });
  await expect(card.getByTestId("sync-status")).toHaveText(/^Letzter Abgleich .+: erfolgreich\.$/);
  await expect(card.getByTestId("connection-open")).toHaveText(
    "46 offen (wie im Posteingang: Stand des letzten Abrufs beim Anbieter)",
  );
  await shot(page, "de-connections");
});

test.describe("English", () => {
  test.use({ locale: "en-US" });

  test("a failed confirmation sends no PUT and says why; an unknown one is being checked", async ({ page, base }) => {
    await setDocuments((customer) => [0, 1, 2].map((i) => uviDoc(`e-${i}`, `72000${i}`, "2026-10", customer)));
    const manager = await seedUser("manager", "Erika Muster");
    await signInAs(page, manager.email, manager.password);
    await addConnection(page, "North metering");
    await page.goto(`${base}/documents`);
    await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Sync now: North metering" }).click();
    await expect(page.getByTestId("sync-done")).toHaveText(
      "Sync finished: 3 open, 3 new, 0 no longer at the provider.",
    );
    await expect(page.getByRole("region", { name: "Usage unit 720000" })).toContainText("October 2026");

    // The bytes cannot be fetched: nothing is archived, so nothing is confirmed at the provider.
    await sandbox("PUT", "/faults", [{ method: "GET", path: "/arge/documents/v1/documents/out/*/data", status: 500 }]);
    await page.getByRole("button", { name: "Confirm: UVI_e-0.pdf" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Confirmation cannot be undone.");
    await expect(dialog).toContainText("At: North metering (UVI, 127.0.0.1:");
    await expectAccessible(page);
    await shot(page, "en-confirm-dialog");
    await dialog.getByRole("button", { name: "Confirm receipt" }).click();
    const run = page.getByTestId("confirm-run");
    await expect(run).toContainText("Done: 0 confirmed, 1 failed, 0 being checked.");
    const outcome = run.getByTestId("confirm-outcome").filter({ hasText: "UVI_e-0.pdf" });
    await expect(outcome).toContainText(
      "FailedThe document could not be fetched and archived, so it was not confirmed.",
    );
    expect(await providerRequests("PUT", "/e-0/status")).toEqual([]);
    expect(await confirmedAtProvider("e-0")).toBe(false);
    // Nothing reached the provider, so the document is still open here.
    await expect(page.getByRole("row").filter({ hasText: "UVI_e-0.pdf" })).toContainText("Open");
    await shot(page, "en-failed");

    // Retry once the provider serves the bytes again: through the dialog, then confirmed.
    await sandbox("DELETE", "/faults");
    await run.getByRole("button", { name: "Retry failed (1)" }).click();
    await dialog.getByRole("button", { name: "Confirm receipt" }).click();
    await expect(run).toContainText("Done: 1 confirmed, 0 failed, 0 being checked.");
    expect(await confirmedAtProvider("e-0")).toBe(true);

    // The provider confirms but answers 504: the outcome cannot be seen, so it is being checked.
    await sandbox("PUT", "/faults", [
      { method: "PUT", path: "/arge/documents/v1/documents/out/*/status", applyThenFail: 504, times: 1 },
    ]);
    await page.getByRole("button", { name: "Confirm: UVI_e-1.pdf" }).click();
    await dialog.getByRole("button", { name: "Confirm receipt" }).click();
    await expect(run).toContainText("Done: 0 confirmed, 0 failed, 1 being checked.");
    await expect(run.getByTestId("confirm-outcome").filter({ hasText: "UVI_e-1.pdf" })).toContainText("Being checked");
    await expect(run.getByRole("button", { name: /Retry failed/ })).toHaveCount(0);
    expect(await confirmedAtProvider("e-1")).toBe(true);
    await page.getByLabel("State").selectOption("all");
    await expect(page.getByRole("row").filter({ hasText: "UVI_e-1.pdf" })).toContainText("Being checked");
    await expect(page.getByRole("button", { name: "Confirm: UVI_e-1.pdf" })).toHaveCount(0);
    await shot(page, "en-unknown");
    await expectAccessible(page);

    // The next sync sees it gone from the list: confirmed after all.
    await page.getByRole("button", { name: "Sync now: North metering" }).click();
    await expect(page.getByTestId("sync-done")).toHaveText(
      "Sync finished: 1 open, 0 new, 0 no longer at the provider.",
    );
    await expect(page.getByRole("row").filter({ hasText: "UVI_e-1.pdf" })).toContainText("Confirmed");
  });

  test("the language switch turns the inbox German, and the help overlay passes axe", async ({ page, base }) => {
    await setDocuments((customer) => [uviDoc("l-0", "730000", "2026-09", customer)]);
    const manager = await seedUser("manager", "Lena Lang");
    await signInAs(page, manager.email, manager.password);
    await addConnection(page, "Provider A");
    await page.goto(`${base}/documents`);
    await expect(page.getByText("No documents synced yet")).toBeVisible();
    await shot(page, "en-empty");
    await page.getByRole("button", { name: "Sync now: Provider A" }).click();
    await expect(page.getByTestId("sync-done")).toContainText("Sync finished: 1 open");
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("next document");
    await expectAccessible(page);
    await shot(page, "en-help");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { name: "Posteingang", level: 1 })).toBeVisible();
    await expect(page.getByTestId("sync-status")).toContainText("Letzter Abgleich");
    await expect(page.getByRole("region", { name: "Nutzeinheit 730000" })).toContainText("September 2026");
  });
});
