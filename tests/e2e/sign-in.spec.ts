import { ADMIN } from "../support/server";
import { expect, seedUser, test, untilHydrated } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/** Signed in, a manager or an admin lands on the month page (at the latest month with documents, if any). */
const MONTH_PAGE = /\/month(\?month=\d{4}-\d{2})?$/;

test.describe("sign-in", () => {
  test("German: wrong password is explained, the right one opens the month page", async ({ page, base }) => {
    await page.goto(`${base}/documents`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
    await page.getByLabel("E-Mail-Adresse").fill(ADMIN.email);
    await page.getByLabel("Passwort").fill("falsches-passwort");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
      "E-Mail-Adresse oder Passwort ist falsch.",
    );

    await page.getByLabel("Passwort").fill(ADMIN.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(MONTH_PAGE);
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    for (const item of ["Monatsübersicht", "Posteingang", "Verbindungen", "Zustellung", "Benutzer"]) {
      await expect(nav.getByRole("link", { name: item })).toBeVisible();
    }
    await expect(page.getByTestId("current-user")).toContainText("Administrator");

    // The month page was reached by the form and a redirect, not by goto: its button works once React listens.
    await untilHydrated(page);
    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`${base}/documents`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("German: empty or malformed fields are said at the field before anything goes to the server; focus goes to the first wrong one", async ({
    page,
    base,
  }) => {
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/api/auth/callback/") && sent.push(r.url()));
    await page.goto(`${base}/login`);
    const email = page.getByLabel("E-Mail-Adresse");
    const password = page.getByLabel("Passwort");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Bitte geben Sie Ihre E-Mail-Adresse ein.");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription("Bitte geben Sie Ihr Passwort ein.");
    await expect(page.getByText("E-Mail-Adresse oder Passwort ist falsch.")).toHaveCount(0);
    await expectAccessible(page);

    await email.fill("admin");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription(/^Das ist keine E-Mail-Adresse/);

    await email.fill(ADMIN.email);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(password, "the first wrong field is now the password").toBeFocused();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    expect(sent, "nothing went to the server").toEqual([]);

    await password.fill(ADMIN.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(MONTH_PAGE);
  });

  test.describe("English browser", () => {
    test.use({ locale: "en-US" });
    test("the page follows Accept-Language; the saved choice wins after switching", async ({ page, base }) => {
      const user = await seedUser("manager", "Erika Muster");
      await page.goto(`${base}/login`);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await page.getByLabel("E-mail address").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(MONTH_PAGE);
      const nav = page.getByRole("navigation", { name: "Main navigation" });
      await expect(nav.getByRole("link", { name: "The month" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
      await expect(page.getByTestId("current-user")).toContainText("Erika Muster");
      await expect(page.getByTestId("current-user")).toContainText("Manager");

      await page.getByRole("button", { name: "Deutsch" }).click();
      await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
      await page.context().clearCookies({ name: "lang" });
      await page.reload();
      await expect(page.getByRole("link", { name: "Posteingang" }), "the choice is saved on the user").toBeVisible();
    });
  });
});
