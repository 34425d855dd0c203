import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";
import { mainNav } from "./shell-support";

test("admin creates a user, sees validation in words, changes the role and disables", async ({ page, base }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/admin/users`);
  await expect(page.getByRole("heading", { name: "Benutzer", level: 1 })).toBeVisible();

  const form = page.getByRole("form", { name: "Benutzer anlegen" });
  const email = `neu-${Date.now()}@example.com`;
  await form.getByLabel("E-Mail-Adresse").fill(email);
  await form.getByLabel("Name").fill("Neue Verwalterin");
  await form.getByLabel("Passwort").fill("kurz");
  await form.getByRole("button", { name: "Benutzer anlegen" }).click();
  await expect(form.getByText("Mindestens 10 Zeichen.")).toBeVisible();
  await expect(form.getByLabel("Passwort")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Passwort").fill("lang-genug-123");
  await form.getByRole("button", { name: "Benutzer anlegen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Benutzer ${email} wurde angelegt.`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Neue Verwalterin");
  await expect(row).toContainText("Aktiv");

  await row.getByLabel(`Rolle ${email}`).selectOption({ label: "Support" });
  await page.getByRole("alertdialog").getByRole("button", { name: "Rolle ändern" }).click();
  await expect(page.getByRole("status")).toHaveText(`Benutzer ${email} wurde geändert.`);
  await row.getByRole("button", { name: "Sperren" }).click();
  await expect(row).toContainText("Gesperrt");
  await expect(row.getByRole("button", { name: "Entsperren" })).toBeVisible();
});

test("a role that may not use a page does not see it and gets the 404 page", async ({ page, base }) => {
  const support = await seedUser("support", "Sam Support");
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(/\/delivery$/);
  const nav = await mainNav(page);
  await expect(nav.getByRole("link", { name: "Zustellung" })).toBeVisible();
  await expect(nav.getByRole("link")).toHaveText(["Zustellung", "Vollständigkeit", "Ausgang", "Meldungen"]);
  const res = await page.goto(`${base}/admin/users`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Diese Seite gibt es nicht.")).toBeVisible();
});

test("a role change asks first and says that the user's sessions end; cancel changes nothing", async ({
  page,
  base,
}) => {
  const user = await seedUser("manager", "Rita Rolle");
  const session = await mustSignIn(base, user.email, user.password);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/admin/users`);
  const role = page.getByRole("row").filter({ hasText: user.email }).getByLabel(`Rolle ${user.email}`);

  await role.focus();
  await role.selectOption({ label: "Support" });
  const dialog = page.getByRole("alertdialog", { name: `Rolle von ${user.email} ändern?` });
  await expect(dialog).toContainText("Die Rolle wechselt von „Verwalter“ zu „Support“.");
  await expect(dialog).toContainText(`Alle Sitzungen von ${user.email} werden beendet`);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
  await expect(role).toHaveValue("manager");
  await expect(role, "focus returns to the select").toBeFocused();
  expect((await api(session, base, "/api/connections")).status, "cancelled: the user's session stands").toBe(200);

  await role.selectOption({ label: "Support" });
  await dialog.getByRole("button", { name: "Rolle ändern" }).click();
  await expect(page.getByRole("status")).toHaveText(`Benutzer ${user.email} wurde geändert.`);
  await expect(role).toHaveValue("support");
  expect((await api(session, base, "/api/connections")).status, "the change ended the user's session").toBe(401);
});

test("a team with a long name (the tests name theirs by an address) leaves the page within the screen", async ({
  page,
  base,
}) => {
  const admin = await mustSignIn(base, ADMIN.email, ADMIN.password);
  const name = `verwaltung-${Date.now()}-mit-einem-sehr-langen-namen@example.com`;
  expect((await api(admin, base, "/api/teams", { method: "POST", json: { name } })).status).toBe(201);
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/admin/users`);
  await expect(page.getByRole("form", { name: "Benutzer anlegen" }).getByLabel("Team")).toContainText(name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
