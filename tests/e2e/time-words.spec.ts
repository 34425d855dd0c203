import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN, startServer, type TestServer } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, addDocuments, expectAccessible, uviDoc } from "./inbox-support";

/**
 * Issue #20, "Time" and "Words": every page reads a time in DISPLAY_TIME_ZONE, the server's HTML
 * and the hydrated page alike, English pages in one style; one set of state words with a legend.
 * A second server (its own sandbox and data) runs in New York time and holds documents in chosen states.
 */

type Style = { tag: string; date: Intl.DateTimeFormatOptions["dateStyle"] };
const GERMAN: Style = { tag: "de-DE", date: "medium" };

/** How a person should read `iso` in `timeZone`: what the page must show (with or without seconds). */
function readings(iso: string, timeZone: string, style: Style = GERMAN): string[] {
  const at = new Date(iso);
  return [
    new Intl.DateTimeFormat(style.tag, { dateStyle: style.date, timeStyle: "short", timeZone }).format(at),
    new Intl.DateTimeFormat(style.tag, { dateStyle: style.date, timeStyle: "medium", timeZone }).format(at),
    new Intl.DateTimeFormat(style.tag, { dateStyle: style.date, timeZone }).format(at),
  ];
}

/** Every `<time>` on the page reads as its own instant in `timeZone`; returns how many there were. */
async function expectTimesIn(page: Page, timeZone: string): Promise<number> {
  const times = await page
    .locator("time[datetime]")
    .evaluateAll((els) => els.map((e) => ({ at: e.getAttribute("datetime")!, text: e.textContent!.trim() })));
  for (const t of times) expect(readings(t.at, timeZone), `${t.at} on ${page.url()}`).toContain(t.text);
  return times.length;
}

/**
 * Collects hydration errors (React's #418/#425 in a production build): the server and the browser rendered differently.
 */
function watchHydration(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && /hydrat|#418|#425/i.test(m.text()) && errors.push(m.text()));
  return errors;
}

async function syncNow(page: Page, base: string, id: string): Promise<void> {
  const res = await page.request.post(`${base}/api/connections/${id}/sync`);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('"done":true');
}

/**
 * A new admin (who may use the inbox and the delivery pages) signed in, with one synced connection; `at` is its last
 * sync.
 */
async function syncedAdmin(page: Page, base: string, name: string): Promise<{ email: string; id: string; at: string }> {
  const user = await seedUser("admin", name);
  await signInAs(page, user.email, user.password);
  // Documents of its own: a spec before this one in the worker may have replaced the sandbox's demo data.
  const tag = randomBytes(4).toString("hex");
  await addDocuments((customer) => [uviDoc(`tw-${tag}`, `7${parseInt(tag, 16) % 1_000_000}`, "2026-10", customer)]);
  const id = await addConnection(page, name);
  await syncNow(page, base, id);
  const list = (await (await page.request.get(`${base}/api/connections`)).json()) as {
    id: string;
    lastSync: { at: string } | null;
  }[];
  const at = list.find((c) => c.id === id)?.lastSync?.at;
  if (!at) throw new Error("the connection has no sync");
  return { email: user.email, id, at };
}

test("one sync time reads the same on the inbox, the connections and the delivery pages, in Berlin time, on the server and in the browser", async ({
  page,
  base,
}) => {
  const errors = watchHydration(page);
  const { id, at } = await syncedAdmin(page, base, "Zeitzone Berlin");
  const berlin = readings(at, "Europe/Berlin")[0]!;

  const html = await (await page.request.get(`${base}/documents`)).text();
  expect(html, "the server's HTML reads the sync in Berlin time").toContain(berlin);
  await page.goto(`${base}/documents`);
  await expect(page.getByTestId("sync-status").locator(`time[datetime="${at}"]`)).toHaveText(berlin);
  await page.goto(`${base}/connections`);
  await expect(page.locator(`time[datetime="${at}"]`)).toHaveText(berlin);
  expect(await expectTimesIn(page, "Europe/Berlin")).toBeGreaterThan(0);

  await page.goto(`${base}/delivery?connection=${id}`);
  // "Lade …" is a status too: wait for the first row, not for any text.
  await expect(page.getByRole("row").nth(1).locator("time[datetime]").first()).toBeVisible();
  expect(await expectTimesIn(page, "Europe/Berlin"), "first seen of every document").toBeGreaterThan(0);
  await page.getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByTestId("timeline").locator("time[datetime]").first()).toBeVisible();
  expect(await expectTimesIn(page, "Europe/Berlin")).toBeGreaterThan(1);
  expect(errors).toEqual([]);
});

test.describe("English", () => {
  test.use({ locale: "en-US" });
  test("the inbox and the users page write dates in one English style (day, month, year; 24 hours)", async ({
    page,
    base,
  }) => {
    const errors = watchHydration(page);
    const { email, at } = await syncedAdmin(page, base, "Time zone English");
    const british: Style = { tag: "en-GB", date: "medium" };

    await page.goto(`${base}/documents`);
    const sync = page.getByTestId("sync-status").locator(`time[datetime="${at}"]`);
    await expect(sync).toHaveText(readings(at, "Europe/Berlin", british)[0]!);
    await expect(sync).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);

    await page.goto(`${base}/admin/users`);
    const created = page.getByRole("row").filter({ hasText: email }).locator("time");
    await expect(created).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    expect(errors).toEqual([]);
  });
});

test.describe("a server with DISPLAY_TIME_ZONE=America/New_York", () => {
  test.describe.configure({ mode: "serial" });
  let server: TestServer;
  let admin: Session;
  let connectionId: string;
  const docs = ["ny-open", "ny-confirmed", "ny-gone"];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({ sandbox: true, env: { DISPLAY_TIME_ZONE: "America/New_York" } });
    const sandbox = (method: string, json?: unknown) =>
      fetch(`${server.url}/sandbox/api/state`, {
        method,
        headers: { Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    const state = (await (await sandbox("GET")).json()) as {
      clients: { basic?: { username: string; password: string }; oauth?: unknown; customers: string[] }[];
    };
    const client = state.clients.find((c) => c.basic && c.oauth)!;
    const documents = docs.map((d, i) => uviDoc(d, `NY-${i}`, "2026-10", client.customers[0]!));
    expect((await sandbox("PUT", { settings: {}, clients: state.clients, documents })).status).toBe(204);

    admin = await mustSignIn(server.url, ADMIN.email, ADMIN.password);
    const created = await api(admin, server.url, "/api/connections", {
      method: "POST",
      json: {
        name: "New York",
        service: "uvi",
        baseUrl: `${server.url}/arge`,
        auth: { type: "basic", ...client.basic },
      },
    });
    expect(created.status).toBe(201);
    connectionId = created.body.id;
    const sync = () => api(admin, server.url, `/api/connections/${connectionId}/sync`, { method: "POST" });
    expect((await sync()).text).toContain('"done":true');
    // One confirmed here; one withdrawn by the provider without a confirmation (gone); one left open.
    expect(
      (
        await api(admin, server.url, `/api/connections/${connectionId}/documents/ny-confirmed/status`, {
          method: "PUT",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await sandbox("PUT", {
          settings: {},
          clients: state.clients,
          documents: documents.filter((d) => d.documentid !== "ny-gone"),
        })
      ).status,
    ).toBe(204);
    expect((await sync()).text).toContain('"done":true');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function signedIn(page: Page) {
    const [name, value] = admin.cookie.split(/=(.*)/s) as [string, string];
    await page.context().addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  }

  test("every page shows New York time, on the server and in the browser", async ({ page }) => {
    const errors = watchHydration(page);
    await signedIn(page);
    const at = (await api(admin, server.url, "/api/connections")).body[0].lastSync.at as string;
    const newYork = readings(at, "America/New_York")[0]!;
    expect(newYork).not.toBe(readings(at, "Europe/Berlin")[0]);

    expect(await (await page.request.get(`${server.url}/documents`)).text()).toContain(newYork);
    await page.goto(`${server.url}/documents`);
    await expect(page.getByTestId("sync-status").locator(`time[datetime="${at}"]`)).toHaveText(newYork);
    await page.goto(`${server.url}/connections`);
    await expect(page.locator(`time[datetime="${at}"]`)).toHaveText(newYork);
    for (const path of ["/delivery", `/delivery/${connectionId}/ny-confirmed`, "/admin/users"]) {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator("time[datetime]").first()).toBeVisible();
      expect(await expectTimesIn(page, "America/New_York"), path).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });

  test("the inbox, the viewer panel and the delivery pages name each state with the same words, and a legend explains them", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page);
    const words = { "ny-open": "Offen", "ny-confirmed": "Bestätigt", "ny-gone": "Nicht mehr beim Anbieter" };

    await page.goto(`${server.url}/documents?state=all`);
    for (const [doc, word] of Object.entries(words))
      await expect(page.getByRole("row").filter({ hasText: `UVI_${doc}.pdf` })).toContainText(word);
    const legend = page.getByTestId("state-legend");
    await legend.getByText("Was die Status bedeuten").click();
    await expect(legend.getByRole("definition")).toHaveCount(7);
    await expect(legend).toContainText("Bestätigt über eine andere VerbindungEine andere Verbindung zum selben Konto");
    await expect(legend).toContainText(
      "Nicht mehr beim AnbieterDer Anbieter listet das Dokument nicht mehr, ohne dass sein Empfang hier bestätigt wurde.",
    );
    await expect(legend).toContainText("Wird geprüftAuf die Bestätigung kam keine verwertbare Antwort");
    await expectAccessible(page);
    // The viewer panel (a dialog on a phone) names the state of the open document the same way.
    await page.getByRole("button", { name: "UVI_ny-gone.pdf", exact: true }).click();
    const pane = page
      .getByRole("region", { name: "UVI_ny-gone.pdf", exact: true })
      .or(page.getByRole("dialog", { name: "UVI_ny-gone.pdf", exact: true }));
    await expect(pane.getByText("Nicht mehr beim Anbieter", { exact: true })).toBeVisible();

    await page.goto(`${server.url}/delivery`);
    for (const [doc, word] of Object.entries(words))
      await expect(page.getByRole("row").filter({ hasText: `UVI_${doc}.pdf` })).toContainText(word);
    await expect(page.getByLabel("Status", { exact: true })).toContainText("Nicht mehr beim Anbieter");
    await page.getByTestId("state-legend").getByText("Was die Status bedeuten").click();
    await expect(page.getByTestId("state-legend").getByRole("term")).toHaveText([
      "Offen",
      "Wird bestätigt",
      "Bestätigt",
      "Fehlgeschlagen",
      "Wird geprüft",
      "Nicht mehr beim Anbieter",
      "Bestätigt über eine andere Verbindung",
    ]);
    await expectAccessible(page);

    for (const [doc, word] of Object.entries(words)) {
      await page.goto(`${server.url}/delivery/${connectionId}/${doc}`);
      await expect(page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::div[1]"), doc).toHaveText(
        word,
      );
    }
  });
});
