import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible, sandbox, uviDoc } from "./inbox-support";

/**
 * Issue 23, "Names everywhere", for support: a manager's unit register names the documents of
 * the delivery record; support filters the record by property, reads a document's property and
 * label, and sees the completeness grid by property, in German.
 */

const run = Date.now().toString(36);
const BIRKE = `Haus Birke ${run}`;
const UNIT_EG = `B1${run}`;
const UNIT_OG = `B2${run}`;
const UNIT_LOOSE = `X${run}`; // in no register
const CLIENT = {
  id: `hv-names-${run}`,
  services: ["uvi"],
  basic: { username: `hv-names-${run}`, password: "e2e-names-secret-1" },
  customers: ["4711"],
};

const uvi = (name: string, msc: string, month: string) => uviDoc(`${name}-${run}`, msc, month, "4711");
const DOCUMENTS = [
  uvi("eg-jan", UNIT_EG, "2026-01"),
  uvi("eg-feb", UNIT_EG, "2026-02"),
  uvi("og-jan", UNIT_OG, "2026-01"),
  uvi("loose-jan", UNIT_LOOSE, "2026-01"),
  // A file of the whole property (issue #35): its billing unit and the flats it names, no flat's own.
  {
    ...uvi("birke-ae", UNIT_EG, "2026-01"),
    metadata: [
      { reftype: "billingunit", mscnumber: `AE${run}`, pmnumber: null, from: null, to: null },
      ...[UNIT_EG, UNIT_OG].map((msc) => ({
        reftype: "residentialunit",
        mscnumber: msc,
        pmnumber: null,
        from: "2026-01-01",
        to: "2026-01-31",
      })),
    ],
  },
];
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung",
  `${UNIT_EG};${BIRKE};Birkenweg 2, 10115 Berlin;EG links;Jürgen Weiß;juergen@example.de;E-Mail;01.03.2026 Formular`,
  `${UNIT_OG};${BIRKE};Birkenweg 2, 10115 Berlin;1. OG rechts;;;;`,
].join("\n");

let support: { email: string; password: string };
let connectionId: string;

test.beforeAll(async () => {
  await sandbox("PUT", "/state", { clients: [CLIENT], documents: DOCUMENTS });
  const manager = await seedUser("manager", "Mara Verwalterin");
  support = await seedUser("support", "Sven Support");
  const session = await mustSignIn(baseUrl(), manager.email, manager.password);
  const created = await api(session, baseUrl(), "/api/connections", {
    method: "POST",
    json: {
      name: `Namen ${run}`,
      service: "uvi",
      baseUrl: `${baseUrl()}/arge`,
      auth: { type: "basic", ...CLIENT.basic },
    },
  });
  expect(created.status, created.text).toBe(201);
  connectionId = created.body.id;
  const synced = await api(session, baseUrl(), `/api/connections/${connectionId}/sync`, { method: "POST" });
  expect(JSON.parse(synced.text.trim().split("\n").at(-1)!)).toMatchObject({ done: true });
  const imported = await api(session, baseUrl(), "/api/units", {
    method: "PUT",
    body: REGISTER,
    headers: { "content-type": "text/csv" },
  });
  expect(imported.status, imported.text).toBe(200);
});

test.afterAll(async () => {
  await sandbox("POST", "/reset");
});

test("support filters the record by property and sees the register's names", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery?connection=${connectionId}`);
  await expect(page.getByTestId("delivery-count")).toHaveText("5 Dokumente gefunden.");
  const loose = page.getByRole("row").filter({ hasText: `loose-jan-${run}` });
  await expect(loose.getByTestId("unit-names")).toHaveText("Nicht im Verzeichnis");
  // The property's own file is the property's, not a flat missing from the register.
  const property = page.getByRole("row").filter({ hasText: `birke-ae-${run}` });
  await expect(property.getByTestId("unit-names")).toHaveText(`Datei der Liegenschaft · ${BIRKE}`);

  const form = page.getByRole("search", { name: "Suche und Filter" });
  await form.getByLabel("Liegenschaft").selectOption(BIRKE);
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`property=${encodeURIComponent(BIRKE).replace(/%20/g, "(\\+|%20)")}`));
  await expect(page.getByTestId("delivery-count")).toHaveText("3 Dokumente gefunden.");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `eg-jan-${run}` })
      .getByTestId("unit-names"),
  ).toHaveText(`${BIRKE} · EG links`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `og-jan-${run}` })
      .getByTestId("unit-names"),
  ).toHaveText(`${BIRKE} · 1. OG rechts`);
  await expect(page.getByRole("row").filter({ hasText: `loose-jan-${run}` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Als CSV herunterladen" })).toHaveAttribute("href", /property=/);
  await expect(page.getByText("Jürgen Weiß")).toHaveCount(0);

  await page.reload();
  await expect(form.getByLabel("Liegenschaft"), "the filter lives in the URL").toHaveValue(BIRKE);
  await expectAccessible(page);
  await page.screenshot({ path: "tests/e2e/screenshots/delivery-names-list-de.png", fullPage: true });

  await page.getByRole("link", { name: `UVI_eg-jan-${run}.pdf` }).click();
  const facts = page.getByRole("region", { name: "Angaben" });
  await expect(facts).toContainText(new RegExp(`Liegenschaft\\s*${BIRKE}\\s*Birkenweg 2, 10115 Berlin`));
  await expect(facts).toContainText(/Lage\s*EG links/);
  await expect(page.getByText("Jürgen Weiß")).toHaveCount(0);
  await expectAccessible(page);
});

test("the completeness grid of a property, under its name", async ({ page, base }) => {
  await signInAs(page, support.email, support.password);
  await page.goto(`${base}/delivery/completeness`);
  await expect(page.getByText("Wählen Sie eine Verbindung oder eine Liegenschaft")).toBeVisible();
  const form = page.getByRole("form", { name: "Suche und Filter" });
  await form.getByLabel("Liegenschaft").selectOption(BIRKE);
  await form.getByLabel("Von (Monat)").fill("2026-01");
  await form.getByLabel("Bis (Monat)").fill("2026-02");
  await form.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(/property=/);

  const table = page.getByRole("table", { name: /Dokumente je Nutzeinheit und Monat/ });
  await expect(table.getByRole("rowheader", { name: new RegExp(BIRKE) })).toContainText("Birkenweg 2, 10115 Berlin");
  const eg = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(UNIT_EG) }) });
  await expect(eg.getByRole("rowheader")).toContainText("EG links");
  await expect(eg.getByRole("cell")).toHaveText(["○ eingegangen", "○ eingegangen"]);
  await expect(table.getByRole("rowheader", { name: new RegExp(UNIT_OG) })).toContainText("1. OG rechts");
  await expect(table.getByRole("rowheader", { name: new RegExp(UNIT_LOOSE) })).toHaveCount(0);
  await expect(page.getByTestId("completeness-summary")).toHaveText("2 Nutzeinheiten; fehlende Monate: 0.");
  await expectAccessible(page);
  await page.screenshot({ path: "tests/e2e/screenshots/delivery-names-completeness-de.png", fullPage: true });
});
