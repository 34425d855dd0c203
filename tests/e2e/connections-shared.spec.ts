import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, sandboxClient, signInAs, test } from "./fixtures";
import { expectAccessible, expectNoSidewaysScroll } from "./inbox-support";

/**
 * Issue 46 on the connections page: the owner shares a connection with a switch; a teammate sees who shared it and
 * has no edit or delete for it. At 1440 and 390 px, with axe.
 */

type Made = { id: string; email: string; password: string; name: string };

/** Two managers in one new team (and, when asked, an admin of it), made by the admin through the API. */
async function twoManagers(tag: string, withAdmin = false) {
  const admin = await mustSignIn(baseUrl(), ADMIN.email, ADMIN.password);
  const team = await api(admin, baseUrl(), "/api/teams", { method: "POST", json: { name: `Team ${tag}` } });
  expect(team.status).toBe(201);
  const made: Made[] = [];
  for (const name of ["Olga Owner", "Mats Mitglied", ...(withAdmin ? ["Ada Admin"] : [])]) {
    const email = `m-${tag}-${made.length}@example.com`;
    const password = "e2e-password-1";
    const res = await api(admin, baseUrl(), "/api/users", {
      method: "POST",
      json: { email, name, role: name === "Ada Admin" ? "admin" : "manager", password, teamId: team.body.id },
    });
    expect(res.status).toBe(201);
    made.push({ id: res.body.id, email, password, name });
  }
  return [made[0]!, made[1]!, made[2], admin] as const;
}

for (const width of [1440, 390]) {
  test(`at ${width} px: the owner shares a connection; a teammate sees who shared it, without edit or delete`, async ({
    page,
    base,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const [owner, mate] = await twoManagers(`${width}-${Date.now()}`);
    const client = await sandboxClient();
    const session = await mustSignIn(base, owner.email, owner.password);
    const made = await api(session, base, "/api/connections", {
      method: "POST",
      json: { name: "Team Nord", service: "uvi", baseUrl: `${base}/arge`, auth: { type: "basic", ...client.basic } },
    });
    expect(made.status).toBe(201);

    await signInAs(page, owner.email, owner.password);
    await page.goto(`${base}/connections`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Team Nord" }) });
    const share = card.getByRole("switch", { name: "Mit dem Team teilen" });
    await expect(share).not.toBeChecked();
    await share.focus();
    await page.keyboard.press("Space");
    await expect(share).toBeChecked();
    await expect(card).toContainText("Ihr Team kann über diese Verbindung");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.context().clearCookies();
    await signInAs(page, mate.email, mate.password);
    await page.goto(`${base}/connections`);
    await expect(card.getByTestId("connection-owner")).toHaveText("Geteilt von Olga Owner");
    await expect(card.getByRole("button", { name: "Testen" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Verbindung bearbeiten" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Löschen" })).toHaveCount(0);
    await expect(card.getByRole("switch")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText(client.basic.password);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `tests/e2e/screenshots/connections-shared-${width}.png`, fullPage: true });
  });
}

for (const width of [1440, 390]) {
  test(`at ${width} px: the owner disabled, the page says so and an admin of the team transfers the connection`, async ({
    page,
    base,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const [owner, mate, teamAdmin, admin] = await twoManagers(`t${width}-${Date.now()}`, true);
    const client = await sandboxClient();
    const session = await mustSignIn(base, owner.email, owner.password);
    const made = await api(session, base, "/api/connections", {
      method: "POST",
      json: { name: "Team Süd", service: "uvi", baseUrl: `${base}/arge`, auth: { type: "basic", ...client.basic } },
    });
    expect(made.status).toBe(201);
    const off = await api(admin, base, `/api/users/${owner.id}`, { method: "PATCH", json: { disabled: true } });
    expect(off.status).toBe(200);

    await signInAs(page, teamAdmin!.email, teamAdmin!.password);
    await page.goto(`${base}/connections`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Team Süd" }) });
    await expect(card.getByTestId("connection-owner")).toContainText(
      "Eingerichtet von Olga Owner, nicht mehr im Team oder deaktiviert",
    );
    const to = card.getByLabel("„Team Süd“ übertragen an");
    await to.selectOption({ label: `${mate.name} (${mate.email})` });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/e2e/screenshots/connections-transfer-${width}.png`, fullPage: true });
    await card.getByRole("button", { name: "Übertragen" }).click();
    // Not shared, it leaves the admin's list with its new owner; the page says where it went.
    await expect(page.getByRole("status").filter({ hasText: "„Team Süd“ gehört jetzt Mats Mitglied." })).toBeVisible();
    await expect(card).toHaveCount(0);
  });
}
