import type { Page } from "@playwright/test";
import { api, mustSignIn } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import {
  addConnection,
  expectAccessible,
  providerRequests,
  sandbox,
  sandboxAccount,
  setDocuments,
  shot,
  uviDoc,
} from "./inbox-support";
import { syncButton } from "./shell-support";

/**
 * A bulk confirmation outlives its page: after a reload the inbox finds the run on the server,
 * shows its progress and can cancel it (the documents it had not come to stay open). A run the
 * page starts brings its outcome into view and takes the focus, once. A document confirmed through
 * another user's connection to the same provider account says so, in the inbox and in support's record.
 */

const STATUS = "/arge/documents/v1/documents/out/*/status";

test.afterAll(async () => {
  await sandbox("DELETE", "/faults");
});

/** A manager with a synced connection "Messdienst Süd" to documents `build` makes, on the inbox page. */
async function syncedInbox(
  page: Page,
  base: string,
  build: (customer: string) => unknown[],
  account?: { username: string; password: string },
) {
  await setDocuments(build);
  const manager = await seedUser("manager", "Marta Lauf");
  await signInAs(page, manager.email, manager.password);
  await addConnection(page, "Messdienst Süd", account);
  await page.goto(`${base}/documents`);
  await expect(page.getByRole("heading", { name: "Posteingang", level: 1 })).toBeVisible();
  await (await syncButton(page, "Messdienst Süd")).click();
  await expect(page.getByTestId("sync-done")).toBeVisible({ timeout: 30_000 });
}

test("German: a bulk run goes on after a reload, is found again with its progress, and a cancel leaves the rest open", async ({
  page,
  base,
}) => {
  // The sandbox holds every PUT after the first until the cancel, so the run outlasts the reload.
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const ids = Array.from({ length: 60 }, (_, i) => `w-${String(i).padStart(2, "0")}`);
  await syncedInbox(page, base, (customer) => ids.map((id) => uviDoc(id, "740000", "2026-10", customer)));
  // The first PUT is answered; the others wait: the run is still under way after the reload.
  await sandbox("PUT", "/faults", [
    { method: "PUT", path: STATUS, times: 1 },
    { method: "PUT", path: STATUS, hold: "put" },
  ]);
  // A page holds 50 documents by default: the unit's 60 are on one page of 100.
  await page.goto(`${base}/documents?limit=100`);

  await page.getByRole("button", { name: /^Alle offenen bestätigen \(60\)/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "60 Dokumente bestätigen" }).click();
  const run = page.getByTestId("confirm-run");
  await expect(run.getByTestId("confirm-outcome").filter({ hasText: "bestätigt" }).first()).toBeVisible({
    timeout: 30_000,
  });

  await page.reload();
  await expect(run).toContainText(
    "Diese Bestätigung wurde vor dem Laden der Seite gestartet und läuft auf dem Server weiter.",
  );
  await expect(run.getByRole("progressbar", { name: "Fortschritt der Bestätigung" })).toBeVisible();
  await expect(run).toContainText(/\d+ von 60 Dokumenten bearbeitet/);
  await shot(page, "de-run-found");

  // The held PUTs go on once the server has the cancel.
  const cancelled = page.waitForResponse((r) => r.request().method() === "DELETE" && /runs\//.test(r.url()));
  await run.getByRole("button", { name: "Abbrechen" }).click();
  await cancelled;
  await sandbox("DELETE", "/holds/put");
  await expect(run.getByRole("status")).toContainText(
    /Fertig: \d+ bestätigt, 0 fehlgeschlagen, 0 werden geprüft\. \d+ wegen des Abbruchs nicht bestätigt; sie sind weiter offen\./,
    // What is in flight finishes first (the held PUTs, let go after the cancel), then the next poll sees the end.
    { timeout: 30_000 },
  );
  const summary = (await run.getByRole("status").textContent()) ?? "";
  const [, confirmed, left] = /Fertig: (\d+) bestätigt.* (\d+) wegen des Abbruchs/.exec(summary)!;
  expect(Number(confirmed) + Number(left)).toBe(60);
  expect(Number(left)).toBeGreaterThan(0);
  // What the run had not come to was never sent, and the inbox lists it as open.
  const puts = (await providerRequests("PUT", "/status")) as { path: string }[];
  expect(puts.filter((r) => r.path.includes("/out/w-"))).toHaveLength(Number(confirmed));
  await expect(
    page.getByRole("region", { name: "Nutzeinheit 740000" }).getByRole("row").filter({ hasText: "Offen" }),
  ).toHaveCount(Number(left));
  await expectAccessible(page);
  await shot(page, "de-run-cancelled");
  await run.getByRole("button", { name: "Schließen" }).click();
  await expect(run).toHaveCount(0);
});

for (const width of [1440, 390]) {
  test(`German at ${width} px: after confirming a unit far down the list, its outcome is in view and has the focus, once`, async ({
    page,
    base,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await syncedInbox(page, base, (customer) =>
      Array.from({ length: 20 }, (_, i) =>
        uviDoc(`f-${width}-${i}`, `75${String(i).padStart(4, "0")}`, "2026-10", customer),
      ),
    );
    const last = page.getByRole("region", { name: "Nutzeinheit 750019" });
    await last.scrollIntoViewIfNeeded();
    await last.getByRole("button", { name: /^Alle offenen bestätigen \(1\)/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Empfang bestätigen" }).click();

    const run = page.getByTestId("confirm-run");
    await expect(run.getByRole("status")).toHaveText("Fertig: 1 bestätigt, 0 fehlgeschlagen, 0 werden geprüft.");
    await expect(run).toHaveCount(1);
    await expect(run.getByRole("heading", { name: "Bestätigung" })).toBeFocused();
    await expect(run).toBeInViewport();
    await expectAccessible(page);
    await shot(page, `de-run-in-view-${width}`);
  });
}

test("German: a document confirmed through another user's connection to the same account says so, in the inbox and for support", async ({
  page,
  base,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const account = await sandboxAccount();
  await syncedInbox(
    page,
    base,
    (customer) => ["z-1", "z-2"].map((id, i) => uviDoc(id, `76000${i}`, "2026-10", customer)),
    account,
  );

  // Another manager reaches the same sandbox account (the same user name) and confirms z-1.
  const other = await seedUser("manager", "Otto Zweit");
  const otherSession = await mustSignIn(base, other.email, other.password);
  const created = await api(otherSession, base, "/api/connections", {
    method: "POST",
    json: { name: "Zugang Otto", service: "uvi", baseUrl: `${base}/arge`, auth: { type: "basic", ...account } },
  });
  expect(created.status).toBe(201);
  const otherConnection = (created.body as { id: string }).id;
  expect((await api(otherSession, base, `/api/connections/${otherConnection}/sync`, { method: "POST" })).status).toBe(
    200,
  );
  expect(
    (await api(otherSession, base, `/api/connections/${otherConnection}/documents/z-1/status`, { method: "PUT" }))
      .status,
  ).toBe(200);

  // This manager's next sync no longer sees z-1: not gone, but confirmed through the other connection.
  await page.getByRole("button", { name: "Jetzt abgleichen: Messdienst Süd" }).click();
  await expect(page.getByTestId("sync-done")).toHaveText(
    "Abgleich beendet: 1 offen, 0 neu, 0 nicht mehr beim Anbieter.",
  );
  await page.getByLabel("Status").selectOption("all");
  const row = page.getByRole("row").filter({ hasText: "UVI_z-1.pdf" });
  await expect(row).toContainText("Bestätigt über eine andere Verbindung");
  await expectAccessible(page);
  await shot(page, "de-confirmed-elsewhere");
  const [mine] = (await (await page.request.get(`${base}/api/connections`)).json()) as { id: string }[];

  // Support's record of this copy names the connection and the user that confirmed it.
  const support = await seedUser("support", "Sina Support");
  await page.context().clearCookies();
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/${mine!.id}/z-1`);
  await expect(page.getByText("Bestätigt über eine andere Verbindung").first()).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Zugang Otto" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `von ${other.email}` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "de-confirmed-elsewhere-support");
});
