import { expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible } from "./inbox-support";

/**
 * The printed letters from the manager's side, in German (issue #34): "Briefe drucken" for a month with nothing to
 * print says so on the page, in the API's words, without a download and without raw JSON; the letters' sender
 * address is entered with the text for all properties, refused as an e-mail address, and named with a property's.
 */

const PROPERTY = "Schloßpark Süd";
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  `73001;${PROPERTY};EG;Weiß, Jörg;;Post;Schloßallee 2, 04109 Leipzig`,
].join("\n");

test("nothing to print is said on the page; the sender address is kept with the text for all properties", async ({
  page,
  base,
}) => {
  const manager = await seedUser("manager", "Lotte Letter");
  await signInAs(page, manager.email, manager.password);
  const put = await page.request.put(`${base}/api/units`, { data: REGISTER, headers: { "content-type": "text/csv" } });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto(`${base}/handoffs?property=${encodeURIComponent(PROPERTY)}&month=2026-10`);
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Briefe drucken (PDF)" }).click();
  // No sender address yet: the page asks for it before the first print (issue #50), then prints.
  const sender = page.getByTestId("print-sender-address");
  await expect(sender).toContainText("Vor dem ersten Druck");
  await sender.getByLabel("Absenderanschrift").fill("Schloßallee 1, 04109 Leipzig");
  await sender.getByRole("button", { name: "Speichern und Briefe drucken" }).click();
  await expect(page.getByRole("status").filter({ hasText: "nichts zu drucken" })).toHaveText(
    `Für „${PROPERTY}“ und 2026-10 gibt es nichts zu drucken: kein Bewohner mit Post und archiviertem Dokument, kein Portal-Link, der noch verschickt werden muss.`,
  );
  await expect(page).toHaveURL(/\/handoffs\?/);
  await expect(page.locator("body")).not.toContainText('"error"');
  await expect(page.getByRole("alert").filter({ hasText: "nichts zu drucken" })).toHaveCount(0);
  expect(downloads).toBe(0);

  // The sender address: with the text for all properties, never an e-mail address.
  const editor = page.getByRole("region", { name: "Text der E-Mail" });
  await editor.getByLabel("Gilt für").selectOption("all");
  const form = page.getByRole("form", { name: "Text der E-Mail" });
  const address = form.getByLabel("Absender (Anschrift)");
  await address.fill("uvi@muster.example");
  await form.getByRole("button", { name: "Text speichern" }).click();
  await expect(form.getByText("Bitte die Postanschrift eintragen, keine E-Mail-Adresse.")).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill("Musterweg 1, 20095 Hamburg");
  await form.getByRole("button", { name: "Text speichern" }).click();
  await expect(form.getByRole("status")).toHaveText("Der Text ist gespeichert.");
  await expectAccessible(page);

  await editor.getByLabel("Gilt für").selectOption("property");
  await expect(page.getByTestId("sender-address")).toHaveText(
    "Absender (Anschrift) der Briefe: Musterweg 1, 20095 Hamburg. Sie gilt für alle Liegenschaften und wird beim Text für alle Liegenschaften geändert.",
  );
});
