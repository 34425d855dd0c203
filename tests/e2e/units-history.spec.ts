import { api, mustSignIn } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * Issue 50, "the register's round trip", in German at 1440 px: the property software's export
 * knows no vacancy that the register holds. The check refuses the unit and offers to take the
 * tenancies from the file; its preview lists per unit what changes ("Entfällt: Leerstand …",
 * "Auszug korrigiert …"), and only "Änderungen übernehmen" applies it. Axe after each step.
 */

test.setTimeout(120_000);

const STORED = [
  "Nutzeinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug;Auszug",
  "63001;Haus Ahorn;Konrad;Uhlenbrock;konrad@example.de;E-Mail;01.03.2019 Formular;01.03.2019;14.01.2027",
  "63001;Haus Ahorn;Greta;Uhlenbrock;greta@example.de;E-Mail;01.03.2019 Formular;15.01.2027;",
].join("\n");
const NEXT_EXPORT = [
  "Nutzeinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug;Auszug",
  "63001;Haus Ahorn;Konrad;Uhlenbrock;konrad@example.de;E-Mail;01.03.2019 Formular;01.03.2019;14.01.2027",
  "63001;Haus Ahorn;Greta;Uhlenbrock;greta@example.de;E-Mail;01.03.2019 Formular;15.01.2027;31.03.2027",
  "63001;Haus Ahorn;Paul;Post;paul@example.de;E-Mail;01.03.2019 Formular;01.04.2027;",
].join("\r\n");

test("a register that contradicts a stored vacancy is taken from the file after its preview", async ({
  page,
  base,
}) => {
  const manager = await seedUser("manager", "Vera Verzeichnis");
  const session = await mustSignIn(base, manager.email, manager.password);
  const stored = await api(session, base, "/api/units", {
    method: "PUT",
    body: STORED,
    headers: { "content-type": "text/csv" },
  });
  expect(stored.status, stored.text).toBe(200);
  const unit = (await api(session, base, "/api/units")).body.units[0] as { id: string };
  const vacancy = await api(session, base, `/api/units/${unit.id}/tenancies`, {
    method: "POST",
    json: { moveIn: "2027-03-01", resident: null },
  });
  expect(vacancy.status, vacancy.text).toBe(201);

  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/units`);
  const chooser = page.waitForEvent("filechooser");
  await page.getByText("Datei auswählen", { exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: "export-april.csv", mimeType: "text/csv", buffer: Buffer.from(NEXT_EXPORT, "latin1") });
  await page.getByRole("button", { name: "Datei prüfen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Geprüft – Änderungen: 0, Fehler: 3" })).toBeVisible();
  await expect(page.getByTestId("import-error").nth(1)).toContainText(
    "Überschneidet sich mit dem gespeicherten Leerstand (01.03.2027 bis 31.03.2027)",
  );
  const choice = page.getByTestId("import-history-choice");
  await expect(choice).toContainText("Nutzeinheiten, deren Zeilen der gespeicherten Belegung widersprechen: 1");
  await expectAccessible(page);

  await choice.getByRole("button", { name: "Vorschau: Belegung aus der Datei übernehmen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Geprüft – Änderungen: 1, Fehler: 0" })).toBeVisible();
  await expect(choice).toContainText("gespeicherte Belegungen, die sie nicht nennt, entfallen");
  const history = page.getByTestId("import-history").locator("li");
  await expect(history).toHaveText([
    "Greta Uhlenbrock: Auszug korrigiert 28.02.2027 → 31.03.2027 (Zeile 3)",
    "Neu: Paul Post ab 01.04.2027 (Zeile 4)",
    "Entfällt: Leerstand ab 01.03.2027",
  ]);
  await expectAccessible(page);
  const before = await api(session, base, "/api/units");
  expect(
    before.body.units[0].tenancies.some((t: { vacancy: boolean }) => t.vacancy),
    "the preview keeps it",
  ).toBe(true);

  await page.getByRole("button", { name: "Änderungen übernehmen (1)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Übernommen – neu: 0, geändert: 1" })).toBeVisible();
  const after = (await api(session, base, "/api/units")).body.units[0] as {
    resident: { name: string } | null;
    tenancies: { vacancy: boolean; resident: { name: string } | null }[];
  };
  expect(after.tenancies.map((t) => (t.vacancy ? "leer" : t.resident?.name))).toEqual([
    "Paul Post",
    "Greta Uhlenbrock",
    "Konrad Uhlenbrock",
  ]);
  await expectAccessible(page);
});
