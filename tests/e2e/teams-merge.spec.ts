import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";
import { baseUrl, expect, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";
import { expectNoSidewaysScroll } from "./inbox-support";

/**
 * Issue #46, a team merged into another on /admin/teams, at 1440 and 390 px with axe: two teams, each with a manager
 * and a register that share one unit with different residents (a conflict) and keep one unit of their own. The admin
 * chooses the going team on the kept team's card, is asked (both teams named, nothing to undo) and confirms by
 * keyboard; the status gives the counts, the conflict is listed and its CSV (BOM, the import's header, the going
 * team's resident) downloads; the going team shows no members.
 */

/** A new team with one manager, whose register is `csv` (PUT /api/units). */
async function teamWithRegister(admin: Session, name: string, email: string, csv: string) {
  const team = await api(admin, baseUrl(), "/api/teams", { method: "POST", json: { name } });
  expect(team.status).toBe(201);
  const password = "merge-password-46";
  const user = await api(admin, baseUrl(), "/api/users", {
    method: "POST",
    json: { email, name: `Verwalter ${name}`, role: "manager", password, teamId: team.body.id },
  });
  expect(user.status).toBe(201);
  const manager = await mustSignIn(baseUrl(), email, password);
  const put = await api(manager, baseUrl(), "/api/units", {
    method: "PUT",
    body: csv,
    headers: { "content-type": "text/csv" },
  });
  expect(put.status, put.text).toBe(200);
}

const HEADER = "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung";

async function twoTeams(tag: string) {
  const admin = await mustSignIn(baseUrl(), ADMIN.email, ADMIN.password);
  const digits = String(Date.now()).slice(-6);
  const units = { shared: `71${digits}`, keep: `72${digits}`, go: `73${digits}` };
  const [keep, go] = [`Merge Bleibt ${tag}`, `Merge Geht ${tag}`];
  const row = (unit: string, resident: string) =>
    `${unit};Haus Linde;EG links;${resident};${resident.split(" ")[0]!.toLowerCase()}-${tag}@example.de;E-Mail;01.03.2026 Formular`;
  await teamWithRegister(
    admin,
    keep,
    `keep-${tag}@example.com`,
    `${HEADER}\n${row(units.shared, "Karla Kept")}\n${row(units.keep, "Kurt Kept")}\n`,
  );
  await teamWithRegister(
    admin,
    go,
    `go-${tag}@example.com`,
    `${HEADER}\n${row(units.shared, "Greta Going")}\n${row(units.go, "Gustav Going")}\n`,
  );
  return { keep, go, units };
}

/** The conflict's file, saved by keyboard: the going team's rows in the import's format (BOM, header, CRLF). */
async function expectConflictFile(page: Page, conflicts: Locator, going: { go: string; tag: string; unit: string }) {
  const { go, tag, unit } = going;
  await conflicts.getByRole("button", { name: "Konflikte als CSV herunterladen" }).focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const slug = go.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  expect(download.suggestedFilename()).toMatch(new RegExp(`^konflikte-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)], "UTF-8 with BOM").toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const lines = text.split("\r\n");
  expect(lines[0]).toMatch(/^Nutzeinheit;HV-Nr\.;Abrechnungseinheit;Liegenschaft;Adresse;Lage;Bewohner;/);
  expect(lines[1]).toContain(`${unit};`);
  expect(lines[1], "the going team's resident, by first and last name").toContain(";Greta;Going;");
  expect(lines[1]).toContain(`greta-${tag}@example.de`);
  expect(text).not.toContain("Karla");
  expect(lines.length, "the header, the one row, the end").toBe(3);
  expect(text.endsWith("\r\n")).toBe(true);
}

for (const width of [1440, 390]) {
  test(`at ${width} px: the admin merges one team into another, asked first, and downloads the conflict`, async ({
    page,
    base,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = `${width}-${Math.random().toString(36).slice(2, 7)}`;
    const { keep, go, units } = await twoTeams(tag);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/admin/teams`);
    await expect(page.getByRole("heading", { name: "Teams", level: 1 })).toBeVisible();

    const kept = page.getByRole("region", { name: keep, exact: true });
    const form = kept.getByRole("form", { name: "In dieses Team zusammenführen" });
    const button = form.getByRole("button", { name: "Zusammenführen …" });
    // Nothing chosen: said in an alert, nothing asked.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(form.getByRole("alert")).toHaveText(`Wählen Sie zuerst das Team, das in ${keep} aufgehen soll.`);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    const select = form.getByLabel(`Team, das in ${keep} aufgeht`);
    await select.selectOption({ label: `${go} (1 Mitglied)` });
    await expect(form.getByRole("alert")).toHaveCount(0);
    await select.focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: `${go} in ${keep} zusammenführen?` });
    await expect(dialog).toContainText(
      `Mitglieder, Bestand, Verbindungen und Texte von „${go}“ gehen in „${keep}“ über.`,
    );
    await expect(dialog).toContainText(`„${go}“ bleibt danach leer.`);
    await expect(dialog).toContainText(`es bleibt die Fassung von „${keep}“`);
    await expect(dialog).toContainText("Das lässt sich nicht rückgängig machen.");
    await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Endgültig zusammenführen" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);

    await expect(page.getByRole("status")).toHaveText(
      `„${go}“ wurde in „${keep}“ zusammengeführt. Nutzeinheiten zusammengeführt: 1; Verbindungen vereint: 0; Konflikte: 1.`,
    );
    const conflicts = page.getByRole("region", { name: `Konflikte aus „${go}“` });
    await expect(conflicts.getByRole("listitem")).toHaveCount(1);
    await expect(conflicts.getByRole("listitem")).toContainText(`Nutzeinheit ${units.shared}`);
    await expect(conflicts.getByRole("listitem")).toContainText("Haus Linde");
    await expect(conflicts.getByRole("listitem")).toContainText("EG links");
    await expect(conflicts).toContainText(
      "Mit „Verlauf ersetzen“ importieren, wo die Fassung des aufgelösten Teams stimmte",
    );
    await expect(kept).toContainText("2 Mitglieder");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/e2e/screenshots/teams-merge-${width}.png`, fullPage: true });

    await expectConflictFile(page, conflicts, { go, tag, unit: units.shared });

    // The going team is empty now.
    const gone = page.getByRole("region", { name: go, exact: true });
    await expect(gone).toContainText("0 Mitglieder");
    await expect(gone).toContainText("Noch keine Mitglieder");
    await expect(gone.getByRole("listitem")).toHaveCount(0);
  });
}
