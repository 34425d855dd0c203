import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * Issue 47, a legal hold, in German at 1440 px and, in the phone project, at 390 px: a manager opens "Rechtsstreit"
 * from a unit's row, enters the reason and saves; the row shows "Rechtsstreit: {reason}" with who and when in its
 * title and for screen readers; the admin's erasure list shows the hold where the erase button would be. Lifting
 * asks first: Escape keeps the hold, the question's "Vermerk aufheben" lifts it. Axe after each step.
 */

test.setTimeout(120_000);

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;
const fitsPhone = async (page: Page) => {
  if (isNarrow(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
};

test("a manager sets a unit's legal hold, the admin sees it, and the manager lifts it after a question", async ({
  page,
  base,
  browser,
}) => {
  const tag = randomBytes(3).toString("hex");
  const number = `64${String(parseInt(tag, 16) % 100_000).padStart(5, "0")}`;
  const surname = `Lindemann${tag}`;
  const reason = "AG Köln 12 C 345/26: Betriebskostenabrechnung 2025";
  const manager = await seedUser("manager", "Lena Linde");
  const session = await mustSignIn(base, manager.email, manager.password);
  const stored = await api(session, base, "/api/units", {
    method: "PUT",
    body: [
      "Nutzeinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug;Auszug",
      `${number};Haus Linde;Lotte;${surname};lotte@example.de;E-Mail;01.03.2019 Formular;01.03.2019;`,
    ].join("\n"),
    headers: { "content-type": "text/csv" },
  });
  expect(stored.status, stored.text).toBe(200);

  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/units`);
  const row = page.getByTestId("unit-row").filter({ hasText: number });
  const open = row.getByRole("button", { name: `Rechtsstreit für Nutzeinheit ${number} vermerken oder aufheben` });
  await open.click();
  const dialog = page.getByRole("dialog", { name: `Rechtsstreit: Nutzeinheit ${number}` });
  await expect(dialog).toContainText("Solange der Vermerk besteht, wird nichts dieser Nutzeinheit gelöscht");
  await dialog.getByLabel("Grund").fill(reason);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Vermerk speichern" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Rechtsstreit für Nutzeinheit ${number} vermerkt.` }),
  ).toBeVisible();
  const badge = row.getByTestId("unit-hold");
  await expect(badge).toContainText(`Rechtsstreit: ${reason}`);
  await expect(badge).toHaveAttribute("title", /^Gesperrt gegen jede Löschung, vermerkt von Lena Linde am /);
  await expect(badge.locator(".sr-only")).toContainText("vermerkt von Lena Linde");
  await expectAccessible(page);
  await fitsPhone(page);

  // The admin's erasure list: the hold where the erase button would be.
  const adminContext = await browser.newContext({ locale: "de-DE", viewport: page.viewportSize() });
  const admin = await adminContext.newPage();
  await signInAs(admin, ADMIN.email, ADMIN.password);
  await admin.goto(`${base}/admin/residents`);
  await admin.getByLabel("Name, E-Mail-Adresse oder Nutzeinheit").fill(surname);
  await admin.getByRole("button", { name: "Suchen" }).click();
  const match = admin.getByTestId("resident-row").filter({ hasText: surname });
  await expect(match.getByTestId("unit-hold")).toContainText(`Rechtsstreit: ${reason}`);
  await expect(match).toContainText("Keine Löschung, solange der Vermerk besteht.");
  await expect(match.getByRole("button", { name: /löschen/ })).toHaveCount(0);
  await expectAccessible(admin);
  await fitsPhone(admin);
  await adminContext.close();

  // Lifting asks first; Escape keeps the hold, and the focus returns to the button that asked.
  await open.click();
  const lift = dialog.getByRole("button", { name: "Vermerk aufheben" });
  await lift.click();
  const question = page.getByRole("alertdialog", { name: `Vermerk für Nutzeinheit ${number} aufheben?` });
  await expect(question).toContainText("Danach gelten die Löschfristen wieder");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(lift).toBeFocused();
  await page.keyboard.press("Enter");
  await question.getByRole("button", { name: "Vermerk aufheben" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Vermerk für Nutzeinheit ${number} aufgehoben.` }),
  ).toBeVisible();
  await expect(row.getByTestId("unit-hold")).toHaveCount(0);
  await expectAccessible(page);
  const units = await api(session, base, "/api/units");
  expect(units.body.units[0].hold).toBeNull();
});
