import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, sandboxClient, seedUser, signInAs, test } from "./fixtures";

test("editing a connection's address asks for the password again; without it nothing is saved", async ({
  page,
  base,
}) => {
  const manager = await seedUser("manager", "Sven Sicher");
  const client = await sandboxClient();
  const session = await mustSignIn(baseUrl(), manager.email, manager.password);
  const created = await api(session, base, "/api/connections", {
    method: "POST",
    json: { name: "Messdienst Süd", service: "uvi", baseUrl: `${base}/arge`, auth: { type: "basic", ...client.basic } },
  });
  expect(created.status).toBe(201);
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/connections`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Messdienst Süd" }) });
  await card.getByRole("button", { name: "Verbindung bearbeiten" }).click();
  const edit = page.getByRole("form", { name: "Verbindung bearbeiten" });
  await expect(edit.getByLabel("Passwort")).toHaveAttribute("placeholder", /beizubehalten/);

  // Another origin: the stored password must not follow it.
  await edit.getByLabel("Basis-URL").fill("https://anbieter.example/arge");
  await expect(edit.getByText(/Neue Adresse oder neuer Benutzername: bitte das Passwort/)).toBeVisible();
  await expect(edit.getByLabel("Passwort")).not.toHaveAttribute("placeholder", /beizubehalten/);
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(edit.getByLabel("Passwort")).toHaveAttribute("aria-invalid", "true");
  await expect(edit).toContainText("bitte das Passwort bzw. Client-Secret erneut eingeben");
  const unchanged = await api(session, base, "/api/connections");
  expect(unchanged.body[0].baseUrl).toBe(`${base}/arge`);

  await edit.getByLabel("Passwort").fill("neues-passwort-1");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByRole("status")).toHaveText("Verbindung „Messdienst Süd“ wurde gespeichert.");
  await expect(card).toContainText("https://anbieter.example/arge");
});
