import type { Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, sandboxAccount, setDocuments, shot, uviDoc } from "./inbox-support";

/**
 * The inbox's honest edges, in German (on a desktop, and in the "phone" project at 390 px): a
 * link to a document that does not exist, a search longer than the API takes (inbox and
 * delivery), and copies of one document through two connections, told apart by their labels.
 */

/** On a phone the filters are folded behind one button; elsewhere there is nothing to unfold. */
async function unfoldFilters(page: Page) {
  const button = page.getByRole("button", { name: /Filter/, expanded: false });
  if (await button.isVisible()) await button.click();
}

async function synced(page: Page, connectionId: string) {
  const res = await page.request.post(`${baseUrl()}/api/connections/${connectionId}/sync`);
  expect(await res.text()).toContain('"done":true');
}

test("a link to a document that does not exist says so and leads back, without a download", async ({ page, base }) => {
  await setDocuments((customer) => [uviDoc("n-0", "760000", "2026-09", customer)]);
  const manager = await seedUser("manager", "Nina Nirgends");
  await signInAs(page, manager.email, manager.password);
  const connectionId = await addConnection(page, "Messdienst Nord");
  await synced(page, connectionId);

  // Neither a connection of this user nor a document of its connection.
  for (const doc of ["0b7c6f1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e:gibt-es-nicht", `${connectionId}:gibt-es-nicht`]) {
    await page.goto(`${base}/documents?doc=${encodeURIComponent(doc)}`);
    await expect(page.getByRole("heading", { name: "Dokument nicht gefunden" })).toBeVisible();
    await expect(page.getByText("Zu diesem Link gibt es in Ihrem Posteingang kein Dokument.")).toBeVisible();
    await expect(page.getByText("Gelöschte Verbindung")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Herunterladen/ })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `not-found-${page.viewportSize()!.width}`);
    await page.getByRole("button", { name: "Zurück zum Posteingang" }).click();
    await expect(page).not.toHaveURL(/doc=/);
    await expect(page.getByRole("heading", { name: "Dokument nicht gefunden" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "UVI_n-0.pdf", exact: true })).toBeVisible();
  }

  // A document of the user that is not on the page is still shown by its link.
  await page.goto(`${base}/documents?doc=${encodeURIComponent(`${connectionId}:n-0`)}&q=nichts`);
  await expect(page.getByTestId("pdf-page").first()).toHaveAttribute("data-state", "done", { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Dokument nicht gefunden" })).toHaveCount(0);
});

test("a search longer than 200 characters is kept and explained, in the inbox and in the delivery search", async ({
  page,
  base,
}) => {
  await setDocuments((customer) => [
    uviDoc("s-0", "770000", "2026-09", customer),
    uviDoc("s-1", "770001", "2026-09", customer),
  ]);
  await signInAs(page, ADMIN.email, ADMIN.password);
  const connectionId = await addConnection(page, `Messdienst Suche ${Date.now().toString(36)}`);
  await synced(page, connectionId);
  const long = "7".repeat(201);

  await page.goto(`${base}/documents?connection=${connectionId}`);
  await unfoldFilters(page);
  const inboxSearch = page.getByRole("searchbox", { name: "Suche" });
  await expect(page.getByText("Höchstens 200 Zeichen.")).toBeVisible();
  await inboxSearch.fill(long);
  await inboxSearch.press("Enter");
  await expect(
    page.getByText("Die Suche ist 201 Zeichen lang, erlaubt sind höchstens 200. Bitte kürzen Sie sie."),
  ).toBeVisible();
  await expect(inboxSearch).toHaveValue(long);
  await expect(inboxSearch).toHaveAttribute("aria-invalid", "true");
  await expect(page).not.toHaveURL(/q=/);
  await expectAccessible(page);
  await inboxSearch.fill("770001");
  await inboxSearch.press("Enter");
  await expect(page).toHaveURL(/q=770001/);
  await expect(page.getByTestId("unit-group")).toHaveCount(1);
  await expect(inboxSearch).not.toHaveAttribute("aria-invalid", "true");

  await page.goto(`${base}/delivery?connection=${connectionId}`);
  await expect(page.getByTestId("delivery-count")).toHaveText("2 Dokumente gefunden.");
  await unfoldFilters(page);
  const deliverySearch = page.getByRole("searchbox", { name: "Suche" });
  await expect(page.getByText(/Höchstens 200 Zeichen\./)).toBeVisible();
  await deliverySearch.fill(long);
  await deliverySearch.press("Enter");
  await expect(
    page.getByText("Die Suche ist 201 Zeichen lang, erlaubt sind höchstens 200. Bitte kürzen Sie sie."),
  ).toBeVisible();
  await expect(deliverySearch).toHaveValue(long);
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByTestId("delivery-count")).toHaveText("2 Dokumente gefunden.");
  await expectAccessible(page);
});

test("copies of one document through two connections have confirm buttons that name the connection", async ({
  page,
  base,
}) => {
  await setDocuments((customer) => [
    uviDoc("c-0", "780000", "2026-09", customer),
    uviDoc("c-1", "780000", "2026-08", customer),
  ]);
  // A second sandbox account with the same customer: the same documents through another connection.
  const other = { basic: await sandboxAccount() };
  const manager = await seedUser("manager", "Doris Doppelt");
  await signInAs(page, manager.email, manager.password);
  const nord = await addConnection(page, "Messdienst Nord");
  const res = await page.request.post(`${base}/api/connections`, {
    data: { name: "Messdienst Ost", service: "uvi", baseUrl: `${base}/arge`, auth: { type: "basic", ...other.basic } },
  });
  expect(res.status(), await res.text()).toBe(201);
  await synced(page, nord);
  await synced(page, ((await res.json()) as { id: string }).id);

  await page.goto(`${base}/documents`);
  const unit = page.getByRole("region", { name: "Nutzeinheit 780000" });
  await expect(unit.getByRole("button", { name: "Bestätigen: UVI_c-0.pdf über Messdienst Nord" })).toBeVisible();
  await expect(unit.getByRole("button", { name: "Bestätigen: UVI_c-0.pdf über Messdienst Ost" })).toBeVisible();
  await expect(unit.getByRole("checkbox", { name: "UVI_c-0.pdf über Messdienst Ost auswählen" })).toBeVisible();
  await expect(unit.getByRole("button", { name: "UVI_c-1.pdf über Messdienst Nord", exact: true })).toBeVisible();
  const names = await unit
    .getByRole("button", { name: /^Bestätigen: / })
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  expect(new Set(names).size).toBe(names.length);
  expect(names).toHaveLength(4);
  await expectAccessible(page);
});
