import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible, expectNoSidewaysScroll } from "./inbox-support";

/**
 * The resident's written consent on the register's page (issue #47), in German at 1440 and 390 px with axe: the
 * import's check says why a row that asks for e-mail without an `Einwilligung` goes by post; the unit's row shows
 * the consent behind its channel; the move and the unit's edit ask for the day and reference of the written
 * agreement when e-mail is chosen, and a save without the day is refused at that field with the server's reason.
 */

test.setTimeout(180_000);

const pad = (n: number) => String(n).padStart(2, "0");
const now = new Date();
/** The first of this month (UTC): the move-in; the written agreement was signed the day before. */
const moveIn = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-01`;
const signed = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
const signedIso = `${signed.getUTCFullYear()}-${pad(signed.getUTCMonth() + 1)}-${pad(signed.getUTCDate())}`;
const signedDe = `${pad(signed.getUTCDate())}.${pad(signed.getUTCMonth() + 1)}.${signed.getUTCFullYear()}`;

const HINT = /E-Mail oder Portal nur mit der Einwilligung des Bewohners/;
const REQUIRED = /Für E-Mail oder Portal braucht es die Einwilligung des Bewohners/;

/**
 * Three units: by post (moves), on e-mail with a written agreement, and asking for e-mail without one and without a
 * postal address (the import takes it by letter all the same).
 */
function world() {
  const tag = randomBytes(3).toString("hex");
  const number = (i: number) => `76${String((parseInt(tag, 16) + i) % 10_000).padStart(4, "0")}`;
  const units = { post: number(0), agreed: number(1), asked: number(2) };
  const property = `Haus Einwilligung ${tag}`;
  const csv = [
    "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
    `${units.post};${property};EG;Paula Papier;;Post;;"Papierweg 1, 20095 Hamburg"`,
    `${units.agreed};${property};1. OG;Erna Einig;erna-${tag}@example.de;E-Mail;01.03.2026 Formular;`,
    `${units.asked};${property};2. OG;Fritz Frage;fritz-${tag}@example.de;E-Mail;;`,
  ].join("\r\n");
  return { tag, units, property, file: { name: "einwilligung.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } };
}

const rowOf = (page: Page, unit: string) => page.getByTestId("unit-row").filter({ hasText: unit });

/** The file chosen, checked (its preview's note on the row without consent), then applied. */
async function importThroughPage(page: Page, w: ReturnType<typeof world>) {
  await page.goto(`${baseUrl()}/units`);
  await page.getByLabel("Verzeichnis als CSV-Datei").setInputFiles(w.file);
  await page.getByRole("button", { name: "Datei prüfen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Geprüft – Änderungen: 3, Fehler: 0" })).toBeVisible();
  const asked = page.getByTestId("import-value").filter({ hasText: w.units.asked });
  await expect(asked.getByTestId("import-channel-note")).toHaveText(
    /^Post, obwohl als Zustellweg E-Mail angegeben ist: E-Mail oder Portal braucht die Einwilligung des Bewohners\./,
  );
  await expect(page.getByTestId("import-value").filter({ hasText: w.units.agreed })).not.toContainText("obwohl");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Änderungen übernehmen (3)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Übernommen – neu: 3" })).toBeVisible();
}

/** The date field of the written agreement: shown with its hint, and refused with the server's reason. */
async function expectRefusedAtDay(dialog: Locator) {
  const day = dialog.getByLabel("Schriftlich eingewilligt am");
  await expect(day).toHaveAttribute("aria-invalid", "true");
  await expect(day).toHaveAccessibleDescription(REQUIRED);
  return day;
}

for (const width of [1440, 390]) {
  test(`${width} px: the consent behind a channel is shown, and e-mail is saved only with a written agreement`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const w = world();
    const manager = await seedUser("manager", "Eva Einwilligung");
    await signInAs(page, manager.email, manager.password);
    await importThroughPage(page, w);

    // The row shows the consent where it shows the channel; the row without one goes by post.
    await expect(rowOf(page, w.units.agreed).getByTestId("unit-channel")).toHaveText(
      "E-Mail · Einwilligung schriftlich am 01.03.2026 (Formular)",
    );
    await expect(rowOf(page, w.units.asked).getByTestId("unit-channel")).toHaveText("Post");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/e2e/screenshots/consent-written-register-${width}.png`, fullPage: true });

    // The move: e-mail asks for the written agreement; without its day the server refuses at that field.
    const post = rowOf(page, w.units.post);
    await post.getByRole("button", { name: `Mieterwechsel erfassen für Nutzeinheit ${w.units.post}` }).click();
    const move = page.getByRole("dialog", { name: `Mieterwechsel erfassen: Nutzeinheit ${w.units.post}` });
    await move.getByLabel("Einzug", { exact: true }).fill(moveIn);
    await move.getByLabel("Vorname").fill("Nele");
    await move.getByLabel("Nachname").fill("Neumail");
    await move.getByLabel("E-Mail", { exact: true }).fill(`nele-${w.tag}@example.de`);
    await expect(move.getByLabel("Schriftlich eingewilligt am"), "asked for e-mail or portal only").toHaveCount(0);
    await move.getByLabel("Zustellweg").selectOption({ label: "E-Mail" });
    await expect(move.getByLabel("Schriftlich eingewilligt am")).toHaveAccessibleDescription(HINT);
    await expect(move.getByLabel("Zeichen der Einwilligung")).toBeVisible();
    await expect(move.getByLabel("Wie zugestimmt"), "the bare choice is gone").toHaveCount(0);
    await move.getByRole("button", { name: "Mieterwechsel speichern" }).click();
    const moveDay = await expectRefusedAtDay(move);
    await expect(moveDay).toBeFocused();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/e2e/screenshots/consent-written-move-${width}.png` });
    await moveDay.fill(signedIso);
    await move.getByLabel("Zeichen der Einwilligung").fill("Mietvertrag § 12");
    await move.getByRole("button", { name: "Mieterwechsel speichern" }).click();
    await expect(move).toBeHidden();
    await expect(post.getByTestId("present-resident")).toContainText("Nele Neumail");
    await expect(post.getByTestId("unit-channel")).toHaveText(
      `E-Mail · Einwilligung schriftlich am ${signedDe} (Mietvertrag § 12)`,
    );

    // The unit's edit: a resident who consented keeps e-mail without being asked again.
    const agreed = rowOf(page, w.units.agreed);
    await agreed.getByRole("button", { name: `Nutzeinheit ${w.units.agreed} bearbeiten` }).click();
    let edit = page.getByRole("dialog", { name: new RegExp(`Nutzeinheit ${w.units.agreed}`) });
    await expect(edit.getByLabel("Zustellweg")).toHaveValue("email");
    await expect(edit.getByLabel("Schriftlich eingewilligt am")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();

    // Switching a resident by post to e-mail asks for the agreement, and is refused at its day without one.
    const asked = rowOf(page, w.units.asked);
    await asked.getByRole("button", { name: `Nutzeinheit ${w.units.asked} bearbeiten` }).click();
    edit = page.getByRole("dialog", { name: new RegExp(`Nutzeinheit ${w.units.asked}`) });
    await expect(edit.getByLabel("Zustellweg")).toHaveValue("post");
    await edit.getByLabel("Zustellweg").selectOption({ label: "E-Mail" });
    await expect(edit.getByLabel("Schriftlich eingewilligt am")).toHaveAccessibleDescription(HINT);
    await edit.getByRole("button", { name: "Speichern" }).click();
    const editDay = await expectRefusedAtDay(edit);
    await expect(
      edit.getByLabel("Anschrift"),
      "only the consent is refused, not a letter's address",
    ).not.toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `tests/e2e/screenshots/consent-written-edit-${width}.png` });
    await editDay.fill("2026-03-02");
    await edit.getByLabel("Zeichen der Einwilligung").fill("Brief vom 02.03.");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(edit).toBeHidden();
    await expect(asked.getByTestId("unit-channel")).toHaveText(
      "E-Mail · Einwilligung schriftlich am 02.03.2026 (Brief vom 02.03.)",
    );
    await expectAccessible(page);

    // Back to post: the consent no longer shows, and nothing is asked.
    await asked.getByRole("button", { name: `Nutzeinheit ${w.units.asked} bearbeiten` }).click();
    await edit.getByLabel("Zustellweg").selectOption({ label: "Post" });
    await expect(edit.getByLabel("Schriftlich eingewilligt am")).toHaveCount(0);
    await edit.getByLabel("Anschrift").fill("Fragegasse 2\n20095 Hamburg");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await expect(edit).toBeHidden();
    await expect(asked.getByTestId("unit-channel")).toHaveText("Post");
  });
}
