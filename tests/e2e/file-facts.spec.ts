import { createHash } from "node:crypto";
import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { confirmedAtProvider, expectAccessible, providerRequests, sandbox, shot } from "./inbox-support";

/**
 * What the DTA service says about a file, in the viewer (German, 1440 px): the provider's details
 * of a ZIP file whose checksum names other bytes, the warning, and that it cannot be confirmed
 * (no button in the viewer; asked from its row, the run says why, and no PUT reaches the provider).
 */

const run = Date.now().toString(36);
const CLIENT = {
  id: `hv-facts-${run}`,
  services: ["dta"],
  basic: { username: `hv-facts-${run}`, password: "facts-basic-secret-1" },
  customers: ["4712"],
};
const ID = `facts-${run}`;
const NAME = `DTA_Fakten_${run}.zip`;
const EXPECTED = createHash("md5").update("andere Bytes").digest("hex");

test.beforeAll(async () => {
  await sandbox("PUT", "/state", {
    clients: [CLIENT],
    documents: [
      {
        service: "dta",
        customer: "4712",
        documentid: ID,
        filename: NAME,
        doctype: "ABRECHNUNG",
        doctypeversion: "3.07",
        mimetype: "ZIP",
        propertymanagement: "HV-FAKTEN",
        metadata: [{ reftype: "property", mscnumber: `F${run}`, pmnumber: null, from: "2026-01-01", to: "2026-12-31" }],
        content: { generate: "dta-zip" },
        filesize: 17,
        filesizecompressed: "12",
        filedate: "2026-03-01T08:30:00Z",
        hashvalue: `MD5:${EXPECTED.toUpperCase()}`,
      },
    ],
  });
});

test.afterAll(async () => {
  await sandbox("POST", "/reset");
});

test("the viewer shows the provider's details and a checksum that does not match, and the document cannot be confirmed", async ({
  page,
  base,
}) => {
  const manager = await seedUser("manager", "Fenja Fakten");
  const session = await mustSignIn(baseUrl(), manager.email, manager.password);
  const created = await api(session, base, "/api/connections", {
    method: "POST",
    json: {
      name: "Messdienst Fakten",
      service: "dta",
      baseUrl: `${base}/dta`,
      customerNumber: "4712",
      auth: { type: "basic", ...CLIENT.basic },
    },
  });
  expect(created.status, created.text).toBe(201);
  const sync = await fetch(`${base}/api/connections/${created.body.id}/sync`, {
    method: "POST",
    headers: { Cookie: session.cookie },
  });
  expect(await sync.text()).toContain('"done":true,"open":1');
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${base}/documents`);

  await page.getByRole("button", { name: NAME, exact: true }).click();
  const pane = page.getByRole("region", { name: NAME, exact: true });
  const facts = pane.getByRole("region", { name: "Angaben des Anbieters" });
  await expect(facts).toBeVisible();
  const actual = createHash("md5")
    .update(
      Buffer.from(
        await (await page.request.get(`${base}/api/connections/${created.body.id}/documents/${ID}/data`)).body(),
      ),
    )
    .digest("hex");
  await expect(facts.getByRole("alert")).toHaveText(
    `Der Anbieter hat andere Bytes geliefert, als er beschreibt: Prüfsumme (MD5) ${EXPECTED} erwartet, ${actual} erhalten. Dieses Dokument kann nicht bestätigt werden.`,
  );
  const value = (term: string) =>
    facts.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(value("Größe")).toContainText("17 B (17 Bytes)");
  await expect(value("Größe")).toContainText("die Größe weicht von der Angabe ab");
  await expect(value("komprimiert")).toHaveText("12 B (12 Bytes)");
  await expect(value("Dateidatum")).toHaveText("01.03.2026, 09:30");
  await expect(value("Version")).toHaveText("3.07");
  await expect(value("Prüfsumme")).toContainText(`MD5:${EXPECTED.toUpperCase()}`);
  await expect(
    pane.getByRole("button", { name: "Bestätigen", exact: true }),
    "the viewer offers no confirmation",
  ).toHaveCount(0);
  await shot(page, "de-file-facts-mismatch");
  await expectAccessible(page);

  // Asked from its row all the same: refused with the reason, and nothing is sent.
  await page.getByRole("button", { name: `Bestätigen: ${NAME}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Empfang bestätigen" }).click();
  const outcome = page.getByTestId("confirm-run");
  await expect(outcome.getByRole("status")).toHaveText("Fertig: 0 bestätigt, 1 fehlgeschlagen, 0 werden geprüft.");
  await expect(outcome).toContainText(`Prüfsumme (MD5) ${EXPECTED} erwartet, ${actual} erhalten. Nicht bestätigt.`);
  expect(await providerRequests("PUT", `/${ID}/status`)).toEqual([]);
  expect(await confirmedAtProvider(ID)).toBe(false);
});
