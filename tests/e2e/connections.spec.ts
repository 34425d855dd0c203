import { expect, sandboxClient, seedUser, signInAs, test } from "./fixtures";

test("a manager creates, tests, edits and deletes a connection to the sandbox", async ({ page, base }) => {
  const manager = await seedUser("manager", "Clara Verwalterin");
  const client = await sandboxClient();
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/connections`);
  await expect(page.getByRole("heading", { name: "Verbindungen", level: 1 })).toBeVisible();
  await expect(page.getByText("Noch keine Verbindung.")).toBeVisible();

  const form = page.getByRole("form", { name: "Neue Verbindung" });
  await form.getByLabel("Name", { exact: true }).fill("Messdienst Nord");
  await form.getByLabel("Basis-URL").fill("keine-adresse");
  await form.getByLabel("Benutzername").fill(client.basic.username);
  await form.getByLabel("Passwort").fill(client.basic.password);
  await form.getByRole("button", { name: "Verbindung anlegen" }).click();
  await expect(form.getByLabel("Basis-URL")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Basis-URL").fill(`${base}/arge`);
  await form.getByRole("button", { name: "Verbindung anlegen" }).click();
  // The page's notice is the first status; the new card's sync run has its own.
  await expect(page.getByRole("status").first()).toHaveText("Verbindung „Messdienst Nord“ wurde angelegt.");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Messdienst Nord" }) });
  await expect(card).toContainText(`${base}/arge`);
  await expect(card).not.toContainText(client.basic.password);

  await card.getByRole("button", { name: "Testen" }).click();
  await expect(card.getByTestId("connection-test-result")).toHaveText(
    /^Verbindung erfolgreich\. Der Anbieter meldet jetzt \d+ offene Dokumente \(Stand: Anbieter, beim Test\)\.$/,
  );

  await card.getByRole("button", { name: "Verbindung bearbeiten" }).click();
  const edit = page.getByRole("form", { name: "Verbindung bearbeiten" });
  await expect(edit.getByLabel("Passwort")).toHaveValue("");
  await edit.getByLabel("Passwort").fill("falsches-passwort");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Verbindung „Messdienst Nord“ wurde gespeichert.");
  await card.getByRole("button", { name: "Testen" }).click();
  await expect(card.getByTestId("connection-test-result")).toContainText("Zugangsdaten wurden abgelehnt");

  await card.getByRole("button", { name: "Löschen" }).click();
  await expect(card.getByRole("alertdialog")).toContainText("Verbindung „Messdienst Nord“ wirklich löschen?");
  await card.getByRole("button", { name: "Ja, löschen" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Verbindung „Messdienst Nord“ wurde gelöscht.");
  await expect(page.getByText("Noch keine Verbindung.")).toBeVisible();
});
