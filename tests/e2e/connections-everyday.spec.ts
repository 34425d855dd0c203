import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, sandboxClient, seedUser, signInAs, test } from "./fixtures";
import { sandbox, setDocuments, uviDoc } from "./inbox-support";

/**
 * Issue 20 on the connections page, in German: one account once, the address at saving, one open count, one sync error.
 */

const LIST_PATH = "/arge/documents/v1/documents/out";

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "the page scrolls sideways").toBeLessThanOrEqual(widths.client);
}

/** No field of the form sticks out of it (the form's grid column may not grow to a field's own width). */
async function expectFieldsInside(page: Page, formName: string) {
  const form = page.getByRole("form", { name: formName });
  const box = (await form.boundingBox())!;
  for (const field of await form.locator("input, select").all()) {
    const b = (await field.boundingBox())!;
    expect(b.x + b.width, `a field of "${formName}" sticks out`).toBeLessThanOrEqual(box.x + box.width);
  }
}

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Fills the "Neue Verbindung" form for a Basic UVI connection and sends it. */
async function createBasic(page: Page, name: string, address: string, user: { username: string; password: string }) {
  const form = page.getByRole("form", { name: "Neue Verbindung" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Basis-URL").fill(address);
  await form.getByLabel("Benutzername").fill(user.username);
  await form.getByLabel("Passwort").fill(user.password);
  await form.getByRole("button", { name: "Verbindung anlegen" }).click();
  return form;
}

const cardOf = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

for (const width of [1440, 390]) {
  test(`at ${width} px: a new connection is tested and synced at once, and its numbers say what they count`, async ({
    page,
    base,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await setDocuments((customer) =>
      ["2026-09", "2026-10"].flatMap((ym) =>
        ["77100001", "77100002"].map((msc) => uviDoc(`ev-${width}-${ym}-${msc}`, msc, ym, customer)),
      ),
    );
    const manager = await seedUser("manager", "Nora Neu");
    const client = await sandboxClient();
    await signInAs(page, manager.email, manager.password);
    await page.goto(`${base}/connections`);
    const hint = page.getByRole("complementary", { name: "Sandbox eingeschaltet" });
    await expect(hint).toContainText("npm run demo");
    // What a connection to the sandbox needs, in German on the page, not in a developer document.
    await expect(hint).toContainText("/arge (UVI) oder /dta (DTA)");
    await expect(hint).not.toContainText("docs/");
    await expect(page.getByRole("option", { name: /^DTA/ })).toHaveText(
      "DTA (Datenaustausch als ZIP, die ältere DTA-Variante)",
    );
    await expectNoSidewaysScroll(page);
    await expectFieldsInside(page, "Neue Verbindung");

    await createBasic(page, "Messdienst Nord", `${base}/arge`, client.basic);
    await expect(page.getByRole("status").first()).toHaveText("Verbindung „Messdienst Nord“ wurde angelegt.");
    const card = cardOf(page, "Messdienst Nord");
    await expect(card.getByTestId("connection-test-result")).toHaveText(
      "Verbindung erfolgreich. Der Anbieter meldet jetzt 4 offene Dokumente (Stand: Anbieter, beim Test).",
    );
    await expect(card.getByTestId("sync-done")).toHaveText(
      "Abgleich beendet: 4 offen, 4 neu, 0 nicht mehr beim Anbieter.",
    );
    await expect(card.getByTestId("connection-open")).toHaveText(
      "4 offen (wie im Posteingang: Stand des letzten Abrufs beim Anbieter)",
    );

    // A confirmation elsewhere: the card says what the inbox says, now; the test says what the provider says.
    const session = await mustSignIn(baseUrl(), manager.email, manager.password);
    const [connection] = (await api(session, base, "/api/connections")).body as { id: string }[];
    const confirmed = await api(
      session,
      base,
      `/api/connections/${connection!.id}/documents/ev-${width}-2026-09-77100001/status`,
      { method: "PUT" },
    );
    expect(confirmed.status).toBe(200);
    await page.reload();
    const inbox = await api(session, base, "/api/inbox");
    expect(inbox.body.connections[0].open).toBe(3);
    await expect(card.getByTestId("connection-open")).toHaveText(
      "3 offen (wie im Posteingang: Stand des letzten Abrufs beim Anbieter)",
    );
    await card.getByRole("button", { name: "Testen" }).click();
    await expect(card.getByTestId("connection-test-result")).toContainText(
      "Der Anbieter meldet jetzt 3 offene Dokumente (Stand: Anbieter, beim Test)",
    );
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `tests/e2e/screenshots/connections-${width}.png`, fullPage: true });

    // The edit form shows who signs in, never the secret.
    await card.getByRole("button", { name: "Verbindung bearbeiten" }).click();
    const edit = page.getByRole("form", { name: "Verbindung bearbeiten" });
    await expect(edit.getByLabel("Benutzername")).toHaveValue(client.basic.username);
    await expect(edit.getByLabel("Passwort")).toHaveValue("");
    await expect(page.locator("body")).not.toContainText(client.basic.password);
    await expectNoSidewaysScroll(page);
    await expectFieldsInside(page, "Verbindung bearbeiten");
    await expectAccessible(page);
  });
}

test("the same account twice is refused in the form, naming the connection there is", async ({ page, base }) => {
  const manager = await seedUser("manager", "Dora Doppelt");
  const client = await sandboxClient();
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/connections`);
  await createBasic(page, "Messdienst Nord", `${base}/arge`, client.basic);
  await expect(cardOf(page, "Messdienst Nord")).toBeVisible();
  const form = await createBasic(page, "Noch einmal Nord", `${base}/arge`, client.basic);
  await expect(form.getByRole("alert")).toHaveText(
    /^Ihr Team hat schon eine Verbindung zu diesem Konto: „Messdienst Nord“/,
  );
  await expect(cardOf(page, "Noch einmal Nord")).toHaveCount(0);
  await expectAccessible(page);
});

test("an address the outbound guard refuses is refused at the Basis-URL field when saving", async ({ page, base }) => {
  const manager = await seedUser("manager", "Ines Intern");
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/connections`);
  const form = await createBasic(page, "Intern", "https://10.0.0.1/arge", { username: "u", password: "p" });
  const field = form.getByLabel("Basis-URL");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Diese Adresse darf aus Sicherheitsgründen nicht aufgerufen werden");
  await expect(page.getByText("Noch keine Verbindung.")).toBeVisible();
});

test("a sync that fails right after creating says its error once on the card, and so does the inbox's card", async ({
  page,
  base,
}) => {
  const manager = await seedUser("manager", "Fritz Fehler");
  const client = await sandboxClient();
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/connections`);
  // The count answers (the test works), the list is refused: the sync fails.
  await sandbox("PUT", "/faults", [{ method: "GET", path: LIST_PATH, status: 403 }]);
  try {
    await createBasic(page, "Messdienst Gesperrt", `${base}/arge`, client.basic);
    const card = cardOf(page, "Messdienst Gesperrt");
    await expect(card.getByTestId("connection-test-result")).toContainText("Verbindung erfolgreich.");
    await expect(card.getByTestId("sync-status")).toContainText("fehlgeschlagen. Der Anbieter verweigert den Zugriff.");
    await expect(card.getByText(/verweigert den Zugriff/)).toHaveCount(1);
    // The inbox's card of the same connection: "Jetzt abgleichen" fails again, and says so once too.
    await page.goto(`${base}/documents`);
    const summary = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Messdienst Gesperrt" }) });
    await summary.getByRole("button", { name: "Jetzt abgleichen: Messdienst Gesperrt" }).click();
    await expect(summary.getByRole("button", { name: "Jetzt abgleichen: Messdienst Gesperrt" })).toBeEnabled();
    await expect(summary.getByTestId("sync-status")).toContainText(
      "fehlgeschlagen. Der Anbieter verweigert den Zugriff.",
    );
    await expect(summary.getByText(/verweigert den Zugriff/)).toHaveCount(1);
  } finally {
    await sandbox("DELETE", "/faults");
  }
});
