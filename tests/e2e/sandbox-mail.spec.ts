import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import { ADMIN } from "../support/server";
import { expect, signInAs, test } from "./fixtures";
import { expectAccessible, sandbox } from "./inbox-support";

/**
 * The sandbox mailbox's page (/sandbox/mail) for the dashboard's admin: what arrived over SMTP, in
 * German, newest or oldest first, with each attachment's size and SHA-256, emptied after a question;
 * at 1440 px and on a 390 px phone, keyboard and screen-reader friendly (axe).
 */

const PDF = Buffer.from("%PDF-1.7\n% Verbrauchsinformation\n%%EOF\n");

async function send(subject: string, text: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: Number(process.env.E2E_SMTP_PORT),
    secure: false,
  });
  await transport.sendMail({
    from: "Hausverwaltung Muster <uvi@muster.example>",
    to: "bewohnerin@example.de",
    subject,
    text,
    attachments: [{ filename: "UVI_2026-10.pdf", contentType: "application/pdf", content: PDF }],
  });
  transport.close();
}

test.beforeEach(async () => {
  await sandbox("DELETE", "/mail");
  await send("Verbrauchsinformation September 2026", "Ihre Verbrauchsinformation für September.");
  await send("Verbrauchsinformation Oktober 2026", "Guten Tag,\nanbei Ihre Verbrauchsinformation für Oktober.");
});

test("the admin finds the mailbox in the navigation, reads a mail with its attachment, changes the order and empties it", async ({
  page,
  base,
}) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/documents`);
  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Sandbox-Postfach" })
    .click();
  await expect(page.getByRole("heading", { name: "Sandbox-Postfach", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("2 Nachrichten");

  const articles = page.getByRole("article");
  await expect(articles.first().getByRole("heading", { level: 2 })).toHaveText("Verbrauchsinformation Oktober 2026");
  const newest = articles.first();
  await expect(newest).toContainText("Hausverwaltung Muster");
  await expect(newest).toContainText("bewohnerin@example.de");
  await expect(newest).toContainText("anbei Ihre Verbrauchsinformation für Oktober.");
  // The time it arrived, in the display time zone (Europe/Berlin by default).
  const [, latest] = (await (await sandbox("GET", "/mail")).json()) as { at: string }[];
  const berlin = new Intl.DateTimeFormat("de-DE", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "Europe/Berlin",
  }).format(new Date(latest!.at));
  await expect(newest.locator("time")).toHaveText(berlin);
  const attachments = newest.getByRole("region", { name: "Anhänge" });
  await expect(attachments).toContainText("UVI_2026-10.pdf");
  await expect(attachments).toContainText(`${PDF.length} B`);
  await expect(attachments).toContainText(createHash("sha256").update(PDF).digest("hex"));
  await expectAccessible(page);

  await page.getByLabel("Reihenfolge").selectOption({ label: "Älteste zuerst" });
  await expect(page).toHaveURL(/order=oldest/);
  await expect(articles.first().getByRole("heading", { level: 2 })).toHaveText("Verbrauchsinformation September 2026");

  await page.getByRole("button", { name: "Postfach leeren" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Alle 2 Nachrichten werden gelöscht.");
  await dialog.getByRole("button", { name: "Postfach leeren" }).click();
  await expect(page.getByText("Das Postfach ist leer.")).toBeVisible();
  await expect(articles).toHaveCount(0);
  expect(await (await sandbox("GET", "/mail")).json()).toEqual([]);
  await expectAccessible(page);
});

test("on a 390 px phone the mailbox fits the screen and passes axe", async ({ page, base }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`${base}/sandbox/mail`);
  await expect(page.getByRole("article")).toHaveCount(2);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
