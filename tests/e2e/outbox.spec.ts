import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { baseUrl, expect, seedUser, signInAs, test } from "./fixtures";
import { expectAccessible, sandbox, sandboxAccount } from "./inbox-support";

/**
 * The DTA outbox in German (issue 21, "The page"): a manager sends two files from a DTA
 * connection's "Ausgang" after the confirmation dialog and sees the provider's status object for
 * each; the sandbox received both unchanged; the same file again is refused with the earlier send
 * until "Trotzdem erneut senden"; an uncertain send is settled by the manager; support finds the
 * items on the delivery pages' "Ausgang". Runs at 1440 px and, in the phone project, at 390 px.
 */

test.describe.configure({ mode: "serial" });

const run = randomBytes(4).toString("hex");
const file = (name: string) => {
  const buffer = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Nutzerwechsel lauf="${run}" datei="${name}" zufall="${randomBytes(8).toString("hex")}"/>\n`,
  );
  return { name: `${name}-${run}.xml`, mimeType: "application/xml", buffer };
};
const FILES = [file("Nutzerwechsel-Mai"), file("Abrechnung-2025")];
const UNCERTAIN = file("Rueckfrage");
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

type Received = {
  client: string;
  customer: string;
  filename: string;
  doctype: string | null;
  content: { base64: string };
};
let manager: { email: string; password: string; name: string };
let account: { username: string; password: string };
let customer: string;
let connectionName: string;
let connectionId: string;

/** What the sandbox received from this spec's account, oldest first. */
async function received(): Promise<Received[]> {
  const state = (await (await sandbox("GET", "/state")).json()) as { received?: Received[] };
  return (state.received ?? []).filter((r) => r.client === account.username);
}

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

async function openOutbox(page: Page) {
  await signInAs(page, manager.email, manager.password);
  await page.goto(`${baseUrl()}/connections`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: connectionName }) });
  await card.getByRole("link", { name: "Ausgang" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Ausgang: ${connectionName}` })).toBeVisible();
}

/** Answers the question before sending, after checking that it names the files and the provider. */
async function confirmSending(
  page: Page,
  names: string[],
  title = "Dateien an den Anbieter senden?",
  action = "Senden",
) {
  const dialog = page.getByRole("alertdialog", { name: title });
  await expect(dialog).toContainText(`an „${connectionName}“`);
  await expect(dialog).toContainText("Das kann nicht zurückgeholt werden.");
  for (const name of names) await expect(dialog.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  await dialog.getByRole("button", { name: action }).click();
  await expect(dialog).toBeHidden();
  // The keyboard stays with the files being sent (the button that asked is disabled now).
  await expect(page.getByRole("list", { name: "Ausgewählte Dateien" })).toBeFocused();
}

const fileRow = (page: Page, name: string) => page.getByTestId("outbox-file").filter({ hasText: name });
const sentRow = (page: Page, name: string) => page.getByTestId("outbox-item").filter({ hasText: name });

test.beforeAll(async () => {
  manager = await seedUser("manager", "Olga Ausgang");
  account = await sandboxAccount("dta");
  const state = (await (await sandbox("GET", "/state")).json()) as { clients: { id: string; customers: string[] }[] };
  customer = state.clients.find((c) => c.id === account.username)!.customers.at(-1)!;
  connectionName = `DTA Ausgang ${run}`;
});

test("a manager sends two files after the confirmation; both arrive unchanged, each with the provider's status", async ({
  page,
}) => {
  await signInAs(page, manager.email, manager.password);
  const res = await page.request.post(`${baseUrl()}/api/connections`, {
    data: {
      name: connectionName,
      service: "dta",
      baseUrl: `${baseUrl()}/dta`,
      auth: { type: "basic", ...account },
      customerNumber: customer,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  connectionId = ((await res.json()) as { id: string }).id;
  await openOutbox(page);

  await expect(page.getByLabel("Kundennummer (kd)")).toHaveValue(customer);
  await page.getByLabel("Dokumenttyp").fill("NW");
  await page.getByLabel("Dateien auswählen oder hierher ziehen").setInputFiles(FILES);
  for (const f of FILES) await expect(fileRow(page, f.name)).toContainText("Bereit zum Senden");
  await expectAccessible(page);

  // Cancel keeps the selection; nothing has left.
  await page.getByRole("button", { name: "2 Dateien senden …" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("2 Dateien werden an");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Abbrechen" }).click();
  for (const f of FILES) await expect(fileRow(page, f.name)).toContainText("Bereit zum Senden");
  expect(await received()).toEqual([]);

  await page.getByRole("button", { name: "2 Dateien senden …" }).click();
  await confirmSending(
    page,
    FILES.map((f) => f.name),
  );
  for (const f of FILES) {
    await expect(fileRow(page, f.name)).toContainText("Gesendet", { timeout: 30_000 });
    await expect(fileRow(page, f.name).getByTestId("outbox-status")).toContainText(
      /Antwort des Anbieters: OK, Code 201/,
    );
  }
  await expect(page.getByRole("status").filter({ hasText: `${FILES[1]!.name}: gesendet.` })).toBeAttached();

  const got = await received();
  expect(got.map((r) => r.filename)).toEqual(FILES.map((f) => f.name));
  for (const [i, r] of got.entries()) {
    expect(sha256(Buffer.from(r.content.base64, "base64"))).toBe(sha256(FILES[i]!.buffer));
    expect(r.customer).toBe(customer);
    expect(r.doctype).toBe("NW");
  }

  // The list of sent items, newest first, with who sent them and the status object.
  await expect(page.getByTestId("outbox-item")).toHaveCount(2);
  await expect(page.getByTestId("outbox-item").first()).toContainText(FILES[1]!.name);
  await expect(sentRow(page, FILES[0]!.name)).toContainText(manager.email);
  await expect(sentRow(page, FILES[0]!.name)).toContainText("Gesendet");
  await expectAccessible(page);
  await page.screenshot({
    path: `tests/e2e/screenshots/outbox-sent-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
});

test("the same file again shows the earlier send; 'Trotzdem erneut senden' sends it once more", async ({ page }) => {
  await openOutbox(page);
  const again = FILES[0]!;
  await page.getByLabel("Dateien auswählen oder hierher ziehen").setInputFiles([again]);
  await page.getByRole("button", { name: "1 Datei senden …" }).click();
  await confirmSending(page, [again.name]);
  const row = fileRow(page, again.name);
  await expect(row).toContainText(`von ${manager.email} über diese Verbindung gesendet`);
  await expect(await received()).toHaveLength(2);
  await expectAccessible(page);

  await row.getByRole("button", { name: "Trotzdem erneut senden" }).click();
  await confirmSending(page, [again.name], "Datei erneut senden?", "Erneut senden");
  await expect(row).toContainText("Gesendet");
  await expect(row.getByTestId("outbox-status")).toContainText("Code 201");
  const got = await received();
  expect(got.map((r) => r.filename)).toEqual([...FILES.map((f) => f.name), again.name]);
  await expect(sentRow(page, again.name)).toHaveCount(2);
});

test("an uncertain send is settled by the manager after asking the provider", async ({ page }) => {
  // The provider takes the file, then its answer is lost (504): the outcome is unknown.
  await sandbox("PUT", "/faults", [{ method: "POST", path: "/dta/v1/documents/in", applyThenFail: 504, times: 1 }]);
  try {
    await openOutbox(page);
    await page.getByLabel("Dateien auswählen oder hierher ziehen").setInputFiles([UNCERTAIN]);
    await page.getByRole("button", { name: "1 Datei senden …" }).click();
    await confirmSending(page, [UNCERTAIN.name]);
    await expect(fileRow(page, UNCERTAIN.name)).toContainText("Ungewiss");
  } finally {
    await sandbox("DELETE", "/faults");
  }
  const row = sentRow(page, UNCERTAIN.name);
  await expect(row).toContainText("Ungewiss");
  await row.getByRole("button", { name: "Beim Anbieter angekommen" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Beim Anbieter angekommen" });
  await expect(dialog).toContainText(UNCERTAIN.name);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "So festhalten" }).click();
  await expect(row).toContainText("Gesendet");
  await expect(row).toContainText(`Geklärt am`);
  await expect(row).toContainText(`von ${manager.email}`);
  await expect(row.getByRole("button", { name: "Beim Anbieter angekommen" })).toHaveCount(0);
});

test("a dropped file joins the list; a file over OUTBOX_MAX_MB (50 MB) is named before anything is sent", async ({
  page,
}) => {
  await openOutbox(page);
  const before = (await received()).length;
  // Dropping: the zone takes the files of a drop like the picker's.
  const dropped = file("Abgelegt");
  const transfer = await page.evaluateHandle(
    ({ name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: "application/xml" }));
      return data;
    },
    { name: dropped.name, text: dropped.buffer.toString() },
  );
  await page.getByTestId("outbox-drop").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(fileRow(page, dropped.name)).toContainText("Bereit zum Senden");

  // One byte over the limit (a sparse file: nothing is written), refused in words before sending.
  const dir = await mkdtemp(path.join(tmpdir(), "outbox-e2e-"));
  try {
    const big = path.join(dir, `Zu-gross-${run}.xml`);
    const handle = await open(big, "w");
    await handle.truncate(50 * 1024 * 1024 + 1);
    await handle.close();
    await page.getByLabel("Dateien auswählen oder hierher ziehen").setInputFiles(big);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const bigRow = fileRow(page, `Zu-gross-${run}.xml`);
  await expect(bigRow).toContainText(
    "Zu groß: Der Server nimmt höchstens 50 MB pro Datei an. Diese Datei wird nicht gesendet.",
  );
  await expect(page.getByText("Höchstens 50 MB pro Datei.")).toBeVisible();
  await expectAccessible(page);

  // Only the dropped file is offered for sending; removing it leaves nothing to send.
  await expect(page.getByRole("button", { name: "1 Datei senden …" })).toBeEnabled();
  await fileRow(page, dropped.name)
    .getByRole("button", { name: `${dropped.name} entfernen` })
    .click();
  await expect(fileRow(page, dropped.name)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Dateien senden …" })).toBeDisabled();
  expect(await received()).toHaveLength(before);
});

test("support sees the items of every manager on the delivery pages' Ausgang, filtered in the URL", async ({
  page,
}) => {
  const support = await seedUser("support", "Sven Support");
  await signInAs(page, support.email, support.password);
  await page.goto(`${baseUrl()}/delivery`);
  await page
    .getByRole("navigation", { name: "Ansichten der Zustellung" })
    .getByRole("link", { name: "Ausgang" })
    .click();
  await expect(page).toHaveURL(/\/delivery\/outbox$/);
  if (isNarrow(page)) await page.getByRole("button", { name: /Suche und Filter/ }).click();
  const form = page.getByRole("search", { name: "Suche und Filter" });
  await form.getByLabel("Suche").fill(run);
  await form.getByLabel("Status").selectOption({ label: "Gesendet" });
  await form.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${run}.*state=sent|state=sent.*q=${run}`));
  await expect(page.getByTestId("outbox-item")).toHaveCount(4);
  const first = sentRow(page, FILES[1]!.name);
  await expect(first).toContainText(connectionName);
  await expect(first).toContainText(manager.email);
  await expect(first.getByTestId("outbox-status")).toContainText("Code 201");
  const csv = page.getByRole("link", { name: "Als CSV herunterladen" });
  await expect(csv).toHaveAttribute("href", new RegExp(`^/api/delivery/outbox/export\\.csv\\?.*q=${run}`));
  await expectAccessible(page);
  await page.screenshot({
    path: `tests/e2e/screenshots/outbox-support-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });

  // The URL is the list: a reload shows the same, and the connection filter narrows to one.
  await page.goto(`${baseUrl()}/delivery/outbox?connection=${connectionId}&q=${UNCERTAIN.name}`);
  await expect(page.getByTestId("outbox-item")).toHaveCount(1);
  await expect(page.getByTestId("outbox-item")).toContainText(`Geklärt am`);
});
