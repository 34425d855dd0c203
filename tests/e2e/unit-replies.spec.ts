import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, addDocuments, expectAccessible, uviDoc } from "./inbox-support";

/**
 * Issue 47, a resident's auto-reply read back, in German at 1440 px and, in the phone project, at 390 px: a document
 * handed on by e-mail to a resident at `autoreply.example` is answered by the sandbox's "residents' server"; once the
 * app has read its mailbox (an admin's round, POST /api/admin/mailbox/read), the unit's row on the register page shows
 * "Antworten auf E-Mails (1)", folded, and opened: "Automatische Antwort vom …" with the subject and the text,
 * read-only. Axe on the page as it stands, open.
 */

test.setTimeout(120_000);
test.skip(
  !existsSync("/usr/sbin/dovecot"),
  "the sandbox's own IMAP server needs Dovecot (apt-get install dovecot-imapd)",
);

const thisMonth = () =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" }).format(new Date());
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

test("an auto-reply to a resident's e-mail is shown on the unit, read-only", async ({ page, base }) => {
  const tag = randomBytes(3).toString("hex");
  const number = `75${String(parseInt(tag, 16) % 100_000).padStart(5, "0")}`;
  const documentid = `ar-${tag}`;
  await addDocuments((customer) => [uviDoc(documentid, number, thisMonth(), customer)]);
  const manager = await seedUser("manager", "Rita Reply");
  await signInAs(page, manager.email, manager.password);
  const put = await page.request.put(`${base}/api/units`, {
    data: [
      "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung",
      `${number};Haus Ahorn ${tag};EG;Anton Abwesend;anton-${tag}@autoreply.example;E-Mail;01.09.2026 Formular`,
    ].join("\n"),
    headers: { "content-type": "text/csv" },
  });
  expect(put.status(), await put.text()).toBe(200);
  const connection = await addConnection(page, `Messdienst Ahorn ${tag}`);
  expect((await page.request.post(`${base}/api/connections/${connection}/sync`)).status()).toBe(200);
  const confirmed = await page.request.put(`${base}/api/connections/${connection}/documents/${documentid}/status`, {
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const handed = await page.request.post(`${base}/api/handoffs`, {
    data: { documents: [{ connectionId: connection, documentid }] },
  });
  expect(handed.status(), await handed.text()).toBe(200);
  expect(await handed.text()).toContain('"state":"sent"');

  // The admin reads the mailbox now instead of waiting for the reader's timer.
  const admin = await mustSignIn(base, ADMIN.email, ADMIN.password);
  await expect
    .poll(
      async () => {
        await api(admin, base, "/api/admin/mailbox/read", { method: "POST" });
        const res = await page.request.get(`${base}/api/units?q=${number}`);
        return ((await res.json()) as { units: { replies: unknown[] }[] }).units[0]?.replies.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await page.goto(`${base}/units?q=${number}`);
  const row = page.getByTestId("unit-row").filter({ hasText: number });
  const replies = row.getByTestId("unit-replies");
  await expect(replies.getByText("Antworten auf E-Mails (1)")).toBeVisible();
  await expect(replies.getByTestId("unit-reply")).toBeHidden();
  await replies.getByText("Antworten auf E-Mails (1)").click();
  const reply = replies.getByTestId("unit-reply");
  await expect(reply).toContainText(/Automatische Antwort vom \d{2}\.\d{2}\.\d{4}/);
  await expect(reply).toContainText("Automatische Antwort: Ihre Verbrauchsinformation");
  await expect(reply).toContainText("Vielen Dank für Ihre Nachricht. Ich bin bis auf Weiteres nicht erreichbar");
  await expect(reply.getByRole("button")).toHaveCount(0);
  await expect(reply.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page);
  if (isNarrow(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
