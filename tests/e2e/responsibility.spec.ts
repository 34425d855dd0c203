import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * Issue #46, at 1440 px and at 390 px (the phone project): a property's section on the month page names who is
 * responsible; its editor names someone by keyboard; the switch "Meine Liegenschaften / Ganzes Team" goes into the URL
 * (`mine=1`) and keeps the property the manager is responsible for; opened anew, the month page and the register start
 * there, and the register sets who is responsible for a property too. At 1440 px the user block records an absence and
 * ends it. Axe finds nothing serious.
 */

const MONTH = new Date().toISOString().slice(0, 7);

test("the month page names who is responsible, and the switch shows my properties", async ({ page, base }, info) => {
  const phone = info.project.name === "phone";
  const manager = await seedUser("manager", "Vera Verantwortlich");
  await signInAs(page, manager.email, manager.password);
  const register = ["Nutzeinheit;Liegenschaft;Lage", "88801001;Haus Eiche;EG", "88802001;Haus Linde;EG"].join("\n");
  const put = await page.request.put(`${base}/api/units`, { data: register, headers: { "content-type": "text/csv" } });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto(`${base}/month?month=${MONTH}`);
  const eiche = page.getByRole("region", { name: "Haus Eiche" });
  await expect(eiche.getByTestId("responsibility-line")).toContainText("Verantwortlich: niemand benannt");
  await eiche.getByRole("button", { name: "Zuständigkeit ändern: Haus Eiche" }).click();
  const editor = eiche.getByRole("form", { name: "Zuständigkeit für Haus Eiche" });
  await editor.getByLabel("Verantwortlich").selectOption({ label: "Vera Verantwortlich" });
  await editor.getByLabel("Vertretung").focus();
  await page.keyboard.press("Tab");
  await expect(editor.getByRole("button", { name: "Speichern" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(eiche.getByTestId("responsibility-line")).toContainText("Verantwortlich: Vera Verantwortlich");
  await expect(editor).toBeHidden();
  await expectAccessible(page);

  const scope = page.getByRole("group", { name: "Anzeigen" });
  await scope.getByText("Meine Liegenschaften").click();
  await expect(page).toHaveURL(/mine=1/);
  await expect(eiche).toBeVisible();
  await expect(page.getByRole("region", { name: "Haus Linde" })).toHaveCount(0);
  await expect(scope.getByRole("radio", { name: "Meine Liegenschaften" })).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: info.outputPath(`responsibility-${phone ? "390" : "1440"}.png`), fullPage: true });
  // The arrow keys move within the group, as with any radio buttons.
  await scope.getByRole("radio", { name: "Meine Liegenschaften" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).not.toHaveURL(/mine=1/);
  await expect(page.getByRole("region", { name: "Haus Linde" })).toBeVisible();

  // Opened anew, the month page and the register start at the properties she is responsible for.
  await page.goto(`${base}/month?month=${MONTH}`);
  await expect(scope.getByRole("radio", { name: "Meine Liegenschaften" })).toBeChecked();
  await expect(eiche).toBeVisible();
  await expect(page.getByRole("region", { name: "Haus Linde" })).toHaveCount(0);
  await page.goto(`${base}/units`);
  await expect(scope.getByRole("radio", { name: "Meine Liegenschaften" })).toBeChecked();
  await expect(page.getByRole("cell", { name: "88801001", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "88802001", exact: true })).toHaveCount(0);
  await scope.getByText("Ganzes Team").click();
  await expect(page.getByRole("cell", { name: "88802001", exact: true })).toBeVisible();
  // The register names who looks after each property too, and sets it.
  const list = page.getByTestId("responsibility-list");
  await list.getByText("Zuständigkeiten (2 Liegenschaften)").click();
  await expect(list).toContainText("1 ohne Verantwortliche");
  await list.getByRole("button", { name: "Zuständigkeit ändern: Haus Linde" }).click();
  const linde = list.getByRole("form", { name: "Zuständigkeit für Haus Linde" });
  await linde.getByLabel("Verantwortlich").selectOption({ label: "Vera Verantwortlich" });
  await linde.getByRole("button", { name: "Speichern" }).click();
  await expect(list).not.toContainText("ohne Verantwortliche");
  await expectAccessible(page);

  if (phone) return;
  await page.getByTestId("absence-button").click();
  const dialog = page.getByRole("dialog", { name: "Abwesenheit" });
  await expect(dialog.getByText("Keine Abwesenheit eingetragen.")).toBeVisible();
  await dialog.getByLabel("Von").fill("2031-07-01");
  await dialog.getByLabel("Bis").fill("2031-07-14");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Abwesenheit eintragen" }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId("absence-button").click();
  await expect(dialog.getByRole("status")).toContainText("Abwesend:");
  await dialog.getByRole("button", { name: "Abwesenheit beenden" }).click();
  await expect(dialog).toBeHidden();
  const absence = await page.request.get(`${base}/api/me/absence`);
  expect(await absence.json()).toEqual({ absence: null });
});
