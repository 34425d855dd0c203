import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";
import { mainNav } from "./shell-support";

/**
 * Issue #46, the admins' teams: a team made and renamed on /admin/teams, a user made in it on /admin/users, the team
 * with its member, the move back (asked first), and the team's name in the shell, at 1440 px and at 390 px.
 */

const adminTeam = async () => {
  const admin = await mustSignIn(baseUrl(), ADMIN.email, ADMIN.password);
  return (await api(admin, baseUrl(), "/api/me")).body.team as { id: string; name: string };
};

test("the admin makes a team, puts a new user in it, sees the member there and moves the user back", async ({
  page,
  base,
}) => {
  const own = await adminTeam();
  const suffix = Math.random().toString(36).slice(2, 7);
  const [first, renamed] = [`Team ${suffix}`, `Team Nord ${suffix}`];
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/admin/teams`);
  await expect(page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();

  const create = page.getByRole("form", { name: "Team anlegen" });
  await create.getByLabel("Teamname").fill(first);
  await create.getByRole("button", { name: "Team anlegen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Team ${first} wurde angelegt.`);
  const made = page.getByRole("region", { name: first, exact: true });
  await expect(made).toContainText("Noch keine Mitglieder");
  await expect(made).toContainText("Vier-Augen-Prinzip: aus");
  await made.getByLabel(`Neuer Name für ${first}`).fill(renamed);
  await made.getByRole("button", { name: "Umbenennen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Das Team heißt jetzt ${renamed}.`);
  const team = page.getByRole("region", { name: renamed, exact: true });
  await expect(team).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scroll").toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: `tests/e2e/screenshots/teams-${page.viewportSize()!.width}.png`, fullPage: true });

  // A new user, in the new team.
  await (await mainNav(page)).getByRole("link", { name: "Benutzer" }).click();
  await expect(page.getByRole("heading", { name: "Benutzer", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Benutzer anlegen" });
  const email = `team-${suffix}@example.com`;
  const password = "team-password-46";
  await expect(form.getByLabel("Team", { exact: true })).toHaveValue(own.id);
  await form.getByLabel("E-Mail-Adresse").fill(email);
  await form.getByLabel("Name", { exact: true }).fill("Tina Team");
  await form.getByLabel("Team", { exact: true }).selectOption({ label: renamed });
  await form.getByLabel("Passwort").fill(password);
  await form.getByRole("button", { name: "Benutzer anlegen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Benutzer ${email} wurde angelegt.`);
  const select = page.getByRole("row").filter({ hasText: email }).getByLabel(`Team ${email}`);
  await expect(select.locator("option:checked")).toHaveAttribute("label", renamed);

  // The team lists its member.
  await page.goto(`${base}/admin/teams`);
  await expect(team).toContainText("1 Mitglied");
  await expect(team.getByRole("listitem").filter({ hasText: email })).toContainText("Tina Team");
  await expect(team.getByRole("listitem").filter({ hasText: email })).toContainText("Verwalter");

  // The user sees their team's name in the shell.
  const other = await page.context().browser()!.newContext({ viewport: page.viewportSize(), locale: "de-DE" });
  const userPage = await other.newPage();
  const session = await mustSignIn(base, email, password);
  const [name, value] = session.cookie.split(/=(.*)/s) as [string, string];
  await other.addCookies([{ name, value, url: base, httpOnly: true, sameSite: "Lax" }]);
  await userPage.goto(`${base}/month`);
  await mainNav(userPage);
  await expect(userPage.getByTestId("current-team").filter({ visible: true })).toHaveText(`Team ${renamed}`);

  // The move back, asked first.
  await page.goto(`${base}/admin/users`);
  await select.selectOption(own.id);
  const dialog = page.getByRole("alertdialog", { name: `${email} in ein anderes Team verschieben?` });
  await expect(dialog).toContainText(`Das Team wechselt von „${renamed}“ zu „${own.name}“.`);
  await expect(dialog).toContainText(`endet der Zugriff auf die Daten von „${renamed}“`);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Verschieben" }).click();
  await expect(page.getByRole("status")).toHaveText(`Benutzer ${email} wurde geändert.`);
  await expect(select).toHaveValue(own.id);
  expect((await api(session, base, "/api/me")).body.team, "the same session, the next request").toEqual(own);
  await userPage.reload();
  await mainNav(userPage);
  await expect(userPage.getByTestId("current-team").filter({ visible: true })).toHaveText(`Team ${own.name}`);
  await other.close();

  // The admin's own team, in the shell too.
  await mainNav(page);
  await expect(page.getByTestId("current-team").filter({ visible: true })).toHaveText(`Team ${own.name}`);
  await page.goto(`${base}/admin/teams`);
  await expect(team).toContainText("0 Mitglieder");
});
