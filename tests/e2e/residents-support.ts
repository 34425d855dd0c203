/**
 * The people, the register and the helpers of residents-in-time.spec.ts (issue #34): one property whose units each
 * meet October 2026 differently (a resident for the whole month, a move-out on its last day, a post resident, a change
 * on the 15th, a vacancy), the register as property software exports it, and what the test reads back (mails, the
 * portal, the printed letters).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import type { StoredMail } from "../../lib/sandbox/mailbox/store";
import { expect } from "./fixtures";
import { sandbox, uviDoc } from "./inbox-support";

export const HEADER =
  "Nutzeinheit;Liegenschaft;Lage;Anrede;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Straße;PLZ;Ort;Einzug;Auszug";

/** This run's property, units, residents and documents: its own names, so it runs beside the other specs. */
export function residentsWorld() {
  const tag = randomBytes(3).toString("hex");
  const number = (i: number) => `79${String((parseInt(tag, 16) + i) % 100_000).padStart(5, "0")}`;
  const mail = (who: string) => `${who}-${tag}@example.de`;
  const property = `Haus Eichenhöhe ${tag}`;
  const units = { email: number(0), portal: number(1), post: number(2), change: number(3), vacancy: number(4) };
  const people = {
    erika: { name: "Erika Weiß", email: mail("erika") },
    anna: { name: "Anna Alt", email: mail("anna") },
    joerg: { name: "Jörg Neumann", email: mail("joerg") },
    hans: { name: "Hans-Jürgen Groß" },
    olga: { name: "Olga Vorher", email: mail("olga") },
    nico: { name: "Nico Nachher", email: mail("nico") },
    karl: { name: "Karl Leer", email: mail("karl") },
  };
  const rows = [
    `${units.email};${property};EG links;Frau;Erika;Weiß;${people.erika.email};E-Mail;01.03.2024 Mietvertrag;;;;01.03.2024;`,
    `${units.portal};${property};EG rechts;Frau;Anna;Alt;${people.anna.email};Portal;01.01.2020 Formular;;;;01.01.2020;31.10.2026`,
    `${units.portal};${property};EG rechts;Herr;Jörg;Neumann;${people.joerg.email};Portal;20.10.2026 Formular;;;;01.11.2026;`,
    `${units.post};${property};1. OG;Herr;Hans-Jürgen;Groß;;Post;;Schloßstraße 5;10115;Berlin;01.01.2019;`,
    `${units.change};${property};2. OG;Frau;Olga;Vorher;${people.olga.email};E-Mail;01.01.2021 Formular;;;;01.01.2021;14.10.2026`,
    `${units.change};${property};2. OG;Herr;Nico;Nachher;${people.nico.email};E-Mail;01.10.2026 Formular Az. 7;;;;15.10.2026;`,
    `${units.vacancy};${property};3. OG;Herr;Karl;Leer;${people.karl.email};E-Mail;01.01.2015 Formular;;;;01.01.2015;31.08.2026`,
    `${units.vacancy};${property};3. OG;;;;;;;;;;01.09.2026;`,
  ];
  // One October document per unit, and November's of the new portal resident.
  const docs = {
    email: `rt-${tag}-1`,
    portal: `rt-${tag}-2`,
    post: `rt-${tag}-3`,
    change: `rt-${tag}-4`,
    vacancy: `rt-${tag}-5`,
    november: `rt-${tag}-6`,
  };
  const documents = (customer: string) => [
    ...(["email", "portal", "post", "change", "vacancy"] as const).map((k) =>
      uviDoc(docs[k], units[k], "2026-10", customer),
    ),
    uviDoc(docs.november, units.portal, "2026-11", customer),
  ];
  return {
    tag,
    property,
    units,
    people,
    docs,
    documents,
    /** The register exported by older property software: Windows-1252 (Latin-1 holds these letters), CRLF. */
    register: {
      name: "bewohner-export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([HEADER, ...rows].join("\r\n"), "latin1"),
    },
  };
}
export type World = ReturnType<typeof residentsWorld>;

export const file = (id: string) => `UVI_${id}.pdf`;

/** The mails the sandbox's mailbox holds for `address`. */
export const mailsTo = async (address: string) =>
  ((await (await sandbox("GET", "/mail")).json()) as StoredMail[]).filter((m) => m.to.includes(address));

const LINK = /https?:\/\/[^\s/]+\/r\/[A-Za-z0-9_-]{43}/;

/** The portal link of the one mail `address` received. */
export async function mailedLink(address: string): Promise<string> {
  const mails = await mailsTo(address);
  expect(mails, `one mail to ${address}`).toHaveLength(1);
  const link = LINK.exec(mails[0]!.text)?.[0];
  expect(link, mails[0]!.text).toBeTruthy();
  return link!;
}

/**
 * What a resident's portal lists, opened by its link in a browser that never signed in: each document's month and
 * file name, as the page says them.
 */
export async function portalItems(browser: Browser, base: string, link: string): Promise<string[]> {
  const context = await browser.newContext({ locale: "de-DE" });
  try {
    const page = await context.newPage();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
    await expect(page.getByRole("heading", { name: "Ihre Verbrauchsinformationen", level: 1 })).toBeVisible();
    const list = page.getByRole("list", { name: "Ihre Verbrauchsinformationen" });
    return (await list.count()) === 0 ? [] : await list.getByRole("listitem").allInnerTexts();
  } finally {
    await context.close();
  }
}

/** The month page of the property and month, chosen in its form as a manager does. */
export async function openMonth(page: Page, base: string, property: string, month: string) {
  await page.goto(`${base}/handoffs`);
  const pick = page.getByRole("form", { name: "Liegenschaft und Monat" });
  await pick.getByLabel("Liegenschaft").selectOption(property);
  await pick.getByLabel("Monat").fill(month);
  await pick.getByRole("button", { name: "Anzeigen" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  await expect(page.getByRole("table", { name: new RegExp(`^${property}, `) })).toBeVisible();
}

/** A unit's row of the month page, and its (first) entry. */
export function monthRow(page: Page, unit: string) {
  const row = page.getByTestId("handoff-row").filter({ has: page.getByRole("rowheader", { name: new RegExp(unit) }) });
  return { row, entry: row.getByTestId("handoff-entry").first() };
}

/** The first page of a PDF as a PNG for a person to look at (poppler's pdftoppm). */
export function firstPageAsPng(pdfPath: string, pngWithoutSuffix: string) {
  mkdirSync("tests/e2e/screenshots", { recursive: true });
  const r = spawnSync("pdftoppm", [
    "-png",
    "-r",
    "100",
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    pdfPath,
    pngWithoutSuffix,
  ]);
  expect(r.status, String(r.stderr)).toBe(0);
}
