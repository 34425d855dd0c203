import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * The admin's page for a resident's erasure request (issue 23), in German and by keyboard alone:
 * the admin searches every user's register, is told that one letter is too short, finds the
 * resident in a manager's register, cancels the question once, then erases; the outcome says what
 * was erased and the unit stays in the manager's register. Other roles do not see the page.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/e2e/screenshots/residents-${name}.png`, fullPage: true });

/** Tab until `target` has the focus, as a keyboard user would (bounded). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("an admin finds a resident in a manager's register and erases their data, by keyboard alone", async ({
  page,
  base,
}) => {
  // Letters only: the other specs' residents share this server, and none of them is named so.
  const tag = randomBytes(4)
    .toString("hex")
    .replace(/[0-9]/g, (d) => "ghijklmnop"[Number(d)]!);
  const name = `Xaver Quendt ${tag}`;
  const unit = `9${Date.now().toString().slice(-7)}`;
  const manager = await seedUser("manager", "Maria Verwalterin");
  const session = await mustSignIn(base, manager.email, manager.password);
  const csv = `Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung\n${unit};Haus Kiefer;3. OG links;${name};xq-${tag}@example.de;E-Mail;01.03.2026 Formular\n`;
  expect(
    (await api(session, base, "/api/units", { method: "PUT", body: csv, headers: { "content-type": "text/csv" } }))
      .status,
  ).toBe(200);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/admin/users`);
  await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Bewohnerdaten" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bewohnerdaten" })).toBeVisible();
  await expect(page.getByText("Suchen Sie nach dem Bewohner, der die Löschung verlangt.")).toBeVisible();
  await expectAccessible(page);

  const box = page.getByRole("searchbox", { name: "Name, E-Mail-Adresse oder Nutzeinheit" });
  await tabTo(page, box);
  await page.keyboard.type("X");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Geben Sie mindestens 2 Zeichen ein.")).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.type(`aver quendt ${tag.toUpperCase()}`);
  await page.keyboard.press("Enter");

  const rows = page.getByTestId("resident-row");
  await expect(rows).toHaveCount(1);
  for (const text of [unit, manager.email, "Haus Kiefer", "3. OG links", name, "E-Mail"])
    await expect(rows).toContainText(text);
  await expect(rows, "the answer leaves the resident's e-mail out").not.toContainText(`xq-${tag}`);
  await expect(page, "the term stays out of the page's address").toHaveURL(`${base}/admin/residents`);
  await expectAccessible(page);
  await shot(page, "found");

  const erase = rows.getByRole("button", { name: `Daten von ${name} (Nutzeinheit ${unit}) löschen` });
  await tabTo(page, erase);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: `Daten von ${name} löschen?` });
  await expect(dialog).toContainText(`Nutzeinheit ${unit} im Verzeichnis von ${manager.email}`);
  await expect(dialog).toContainText("Die Nutzeinheit bleibt im Verzeichnis.");
  await expect(dialog.getByRole("button", { name: "Abbrechen" }), "focus starts on the safe choice").toBeFocused();
  await expectAccessible(page);
  await shot(page, "question");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(erase, "cancelled: focus back on the button, nothing erased").toBeFocused();
  await expect(rows).toHaveCount(1);

  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Endgültig löschen" })).toBeFocused();
  await page.keyboard.press("Enter");
  const outcome = page.getByRole("status").filter({
    hasText: `Die Daten des Bewohners der Nutzeinheit ${unit} im Verzeichnis von ${manager.email} sind gelöscht.`,
  });
  await expect(outcome).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("Kein Bewohner passt zu dieser Suche.")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "erased");

  const left = await api(session, base, `/api/units?q=${unit}`);
  const units = (left.body as { units: { property: string; label: string; resident: unknown }[] }).units;
  expect(units.map((u) => [u.property, u.label, u.resident])).toEqual([["Haus Kiefer", "3. OG links", null]]);
});

test("managers and support see no residents page", async ({ page, base }) => {
  for (const role of ["manager", "support"] as const) {
    const user = await seedUser(role, `Ohne Bewohnerdaten ${role}`);
    await page.context().clearCookies();
    await signInAs(page, user.email, user.password);
    await page.goto(`${base}/`);
    await expect(
      page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Bewohnerdaten" }),
    ).toHaveCount(0);
    expect((await page.goto(`${base}/admin/residents`))?.status()).toBe(404);
    expect((await page.request.get(`${base}/api/admin/residents?q=Xaver`)).status()).toBe(403);
  }
});
