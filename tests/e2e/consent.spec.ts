import { randomBytes } from "node:crypto";
import { pdfText } from "../support/pdf-text";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, expectNoSidewaysScroll, sandbox, uviDoc } from "./inbox-support";

/**
 * The resident's opt-in page (issue #47, docs/api.md "Consent") as a resident meets it: the link comes on a post
 * resident's printed letter, opens in a browser that never signed in, in German at 1440 and 390 px, axe clean and
 * without sideways scrolling; by keyboard they choose e-mail, type their address, read the code from their mail (the
 * sandbox mailbox) and confirm it: the page says from when it applies.
 */

const thisMonth = () =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" }).format(new Date());

type Mail = { to: string[]; text: string };

test("the opt-in page from the printed letter, at 1440 and 390 px, through to the confirmation", async ({
  page,
  base,
  browser,
}) => {
  const tag = randomBytes(3).toString("hex");
  const msc = `8${Date.now().toString().slice(-7)}`;
  const docId = `optin-${tag}`;
  const month = thisMonth();
  const property = `Haus Esche ${tag}`;
  const address = `erika.${tag}@example.de`;
  const state = (await (await sandbox("GET", "/state")).json()) as {
    clients: { basic?: unknown; oauth?: unknown; customers: string[] }[];
    documents: unknown[];
  };
  const customer = state.clients.find((c) => c.basic && c.oauth)!.customers[0]!;
  await sandbox("PUT", "/state", { ...state, documents: [...state.documents, uviDoc(docId, msc, month, customer)] });

  const manager = await seedUser("manager", "Maria Verwalterin");
  await signInAs(page, manager.email, manager.password);
  const connection = await addConnection(page, `Einwilligung ${tag}`);
  expect((await page.request.post(`${base}/api/connections/${connection}/sync`)).status()).toBe(200);
  const confirmed = await page.request.put(`${base}/api/connections/${connection}/documents/${docId}/status`, {
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const csv = `Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift\n${msc};${property};2. OG links;Erika Brief;;Post;Eschenweg 2, 20095 Hamburg\n`;
  expect(
    (await page.request.put(`${base}/api/units`, { data: csv, headers: { "content-type": "text/csv" } })).status(),
  ).toBe(200);
  const print = await page.request.post(`${base}/api/handoffs/print`, {
    data: { property, month, senderAddress: "Musterweg 1, 20095 Hamburg" },
  });
  expect(print.status(), await print.text()).toBe(200);
  const letter = pdfText(await print.body()).find(
    (p) => p.includes("Erika Brief") && p.includes("Lieber per E-Mail?"),
  )!;
  const link = /https?:\/\/\S+\/einwilligung\/[A-Za-z0-9_-]{43}/.exec(letter ?? "")?.[0];
  expect(link, letter).toBeTruthy();
  const url = link!.replace(/^https?:\/\/[^/]+/, base);

  // The resident's own browser, never signed in: first at a desk, then on a phone.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "de-DE" });
  const wide = await desk.newPage();
  await wide.goto(url);
  await expect(wide.getByRole("heading", { name: "Verbrauchsinformation per E-Mail", level: 1 })).toBeVisible();
  await expect(wide.getByText(`Ihre Wohnung: 2. OG links (${property})`)).toBeVisible();
  await expectAccessible(wide);
  await expectNoSidewaysScroll(wide);
  await wide.screenshot({ path: "tests/e2e/screenshots/consent-1440.png", fullPage: true });
  await desk.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const resident = await phone.newPage();
  await resident.goto(url);
  await expectAccessible(resident);
  await expectNoSidewaysScroll(resident);
  await resident.screenshot({ path: "tests/e2e/screenshots/consent-390.png", fullPage: true });

  // By keyboard: the choice, the address, the button.
  const email = resident.getByRole("radio", { name: "Ja, ich möchte die Verbrauchsinformation per E-Mail erhalten" });
  await expect(email).toBeChecked();
  await resident.getByRole("textbox", { name: "Ihre E-Mail-Adresse" }).fill(address);
  await resident.keyboard.press("Enter");
  await expect(resident.getByRole("status")).toContainText("Der Code ist unterwegs");
  await expect(resident.getByRole("heading", { name: "Code eingeben", level: 2 })).toBeVisible();
  await expectAccessible(resident);
  await expectNoSidewaysScroll(resident);

  const mails = (await (await sandbox("GET", "/mail")).json()) as Mail[];
  const code = /\b(\d{6})\b/.exec(mails.filter((m) => m.to.includes(address)).at(-1)?.text ?? "")?.[1];
  expect(code, "the code's mail").toBeTruthy();
  const field = resident.getByRole("textbox", { name: "Code (6 Ziffern)" });
  await field.fill(code!);
  await field.press("Enter");
  await expect(resident.getByRole("heading", { name: "Vielen Dank", level: 1 })).toBeVisible();
  await expect(resident.getByRole("status")).toContainText(
    "Sie erhalten die Verbrauchsinformation ab dem nächsten Dokument per E-Mail.",
  );
  await expectAccessible(resident);
  await expectNoSidewaysScroll(resident);
  await resident.screenshot({ path: "tests/e2e/screenshots/consent-done-390.png", fullPage: true });

  // The objection, as from every e-mail: its page shows one button and changes nothing until it is pressed.
  await resident.getByRole("link", { name: "Keine E-Mails mehr: Verbrauchsinformation per Brief erhalten" }).click();
  await expect(resident.getByRole("heading", { name: "Verbrauchsinformation per Brief", level: 1 })).toBeVisible();
  await expectAccessible(resident);
  await expectNoSidewaysScroll(resident);
  await resident.getByRole("button", { name: "Per Brief erhalten" }).click();
  await expect(resident.getByRole("status")).toContainText(
    "Sie erhalten die Verbrauchsinformation ab dem nächsten Dokument per Brief.",
  );
  await resident.screenshot({ path: "tests/e2e/screenshots/consent-objection-390.png", fullPage: true });
  await phone.close();
});
