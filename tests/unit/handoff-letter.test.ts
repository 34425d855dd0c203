/**
 * The printed hand-off's PDF (lib/handoffs/print/letter.ts), read back by poppler's pdftotext as a
 * printer would lay it out: where each word stands on which page.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { printBundle, type CoverLetter } from "@/lib/handoffs/print/letter";
import { wrapText } from "@/lib/handoffs/print/wrap.mjs";
import { qrCodeOn } from "../support/letter-pdf";

const MM = 72 / 25.4;

type Word = { page: number; text: string; x: number; y: number };

/** Every word with its page and its top left corner in millimetres from the page's top left. */
function words(pdf: Uint8Array): Word[] {
  const dir = mkdtempSync(path.join(tmpdir(), "letter-"));
  try {
    const file = path.join(dir, "print.pdf");
    writeFileSync(file, pdf);
    const r = spawnSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    const out: Word[] = [];
    let page = 0;
    for (const line of r.stdout.split("\n")) {
      if (line.includes("<page ")) page++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
      if (m) out.push({ page, text: m[4]!.replace(/&amp;/g, "&"), x: Number(m[1]) / MM, y: Number(m[3]) / MM });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function documentOf(pages: number, marker: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    pdf.addPage([595.28, 841.89]).drawText(`${marker} Seite ${i + 1}`, { x: 60, y: 700, size: 14, font });
  return pdf.save();
}

const letter = (name: string, street: string): CoverLetter => ({
  sender: ["Hausverwaltung Muster GmbH", "Musterweg 1, 20095 Hamburg", "Telefon 040 123456 · uvi@muster.de"],
  returnLine: "Hausverwaltung Muster · Musterweg 1 · 20095 Hamburg",
  address: [name, street, "20095 Hamburg"],
  date: "25.11.2026",
  subject: "Ihre Verbrauchsinformation für Oktober 2026 – Nutzeinheit 55501001",
  paragraphs: [
    "Guten Tag,",
    "anbei erhalten Sie die monatliche Verbrauchsinformation nach § 6a HeizkostenV. ".repeat(4),
  ],
});

test("each resident's letter precedes their document, the address in the window field, umlauts kept", async () => {
  const pdf = await printBundle(
    [
      { letter: letter("Jürgen Größer", "Hafenstraße 12"), document: await documentOf(2, "ERSTES") },
      { letter: letter("Łukasz Yılmaz", "Kieler Weg 3"), document: await documentOf(1, "ZWEITES") },
    ],
    "Post Oktober 2026",
  );
  const all = words(pdf);
  const on = (text: string) => all.filter((w) => w.text === text);
  // Letter, its two pages, letter, its one page.
  assert.deepEqual([...new Set(all.map((w) => w.page))], [1, 2, 3, 4, 5]);
  assert.deepEqual(
    on("ERSTES").map((w) => w.page),
    [2, 3],
  );
  assert.deepEqual(
    on("ZWEITES").map((w) => w.page),
    [5],
  );
  // DIN 5008 form B: the address zone is 62.7-90 mm from the top and 20-105 mm from the left; the
  // return line sits in the 17.7 mm above it.
  for (const [page, name] of [
    [1, "Größer"],
    [4, "Yilmaz"],
  ] as const) {
    const [w] = all.filter((x) => x.page === page && x.text === name);
    assert.ok(w, `${name} on page ${page}`);
    assert.ok(w.x >= 20 && w.x <= 105 && w.y > 62.7 && w.y <= 90, `${name} at ${w.x.toFixed(1)}, ${w.y.toFixed(1)} mm`);
  }
  const musterweg = all.filter((w) => w.page === 1 && w.text === "Musterweg").map((w) => w.y);
  assert.ok(
    musterweg.some((y) => y > 45 && y <= 62.7),
    "the return line above the address",
  );
  assert.ok(
    musterweg.some((y) => y < 45),
    "the letterhead above the address field",
  );
  // Letters outside the standard fonts' Windows-1252 take their base letter.
  assert.equal(on("Lukasz").length, 1);
  assert.equal(on("Hafenstraße").length, 1);
  // The subject below the address field, the date in the information block.
  const [subject] = all.filter((w) => w.page === 1 && w.text === "Verbrauchsinformation" && w.y < 110);
  assert.ok(subject && subject.y > 90, "the subject below the address field");
  const [date] = on("25.11.2026").filter((w) => w.page === 1);
  assert.ok(date && date.x >= 125, "the date in the information block");
});

test("a long text runs on to a second page; a document that is no PDF fails the print and names it", async () => {
  const long = {
    ...letter("Anna Alt", "Ring 1"),
    paragraphs: Array.from({ length: 60 }, (_, i) => `Absatz ${i + 1}: ${"Text ".repeat(20)}`),
  };
  const pdf = await printBundle([{ letter: long, document: await documentOf(1, "DOK") }], "lang");
  const pages = [...new Set(words(pdf).map((w) => w.page))];
  assert.ok(pages.length >= 3, `letter over several pages, then the document: ${pages.length}`);
  assert.deepEqual(
    words(pdf)
      .filter((w) => w.text === "DOK")
      .map((w) => w.page),
    [pages.length],
  );
  await assert.rejects(
    printBundle(
      [
        { letter: letter("A", "B"), document: await documentOf(1, "X") },
        { letter: letter("C", "D"), document: new TextEncoder().encode("<html>not a pdf</html>") },
      ],
      "kaputt",
    ),
    /document 2 of the print/,
  );
});

test("a link's QR code is drawn where the letter says, decodes to the link, and stays clear of the text", async () => {
  const url = `https://uvi.muster.example/r/${"A1b2C3d4_-".repeat(4)}xyz`;
  const withQr: CoverLetter = {
    ...letter("Anna Alt", "Ring 1"),
    paragraphs: ["Guten Tag Frau Alt,", "Öffnen Sie diesen Link:", url, "Oder mit dem QR-Code:", { qr: url }, "Ende."],
  };
  const pdf = await printBundle([{ letter: withQr, document: null }], "qr");
  assert.equal(qrCodeOn(pdf, 0), url);
  const ende = words(pdf).find((w) => w.text === "Ende.");
  const oder = words(pdf).find((w) => w.text === "Oder");
  assert.ok(ende && oder && ende.y - oder.y > 30, "the text after the code stands below its 30 mm");
  assert.equal(qrCodeOn(await printBundle([{ letter: letter("B", "C"), document: null }], "none"), 0), null);
});

test("a word wider than a line is cut where its characters fill the line, each measured a bounded number of times (issue #44)", async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const width = 165 * MM;
  const measure = (s: string) => font.widthOfTextAtSize(s, 10.5);
  let measured = 0;
  const counted = (s: string) => {
    measured += s.length;
    return measure(s);
  };
  const host = `http://${"a".repeat(4000)}.example/r/token`;
  const lines = wrapText(host, counted, width);
  assert.equal(lines.join(""), host, "nothing lost");
  for (const line of lines) assert.ok(measure(line) <= width + 0.01, `${line.slice(0, 20)}… fits the line`);
  for (const line of lines.slice(0, -1)) assert.ok(measure(`${line}a`) > width, "each line but the last is full");
  // Linear: the old cut measured every shorter prefix of the word (cubic in its length).
  assert.ok(measured < 4 * host.length, `${measured} characters measured for ${host.length}`);
  assert.deepEqual(wrapText("  Guten   Tag,\n Frau Müller ", measure, width), ["Guten Tag, Frau Müller"]);
  assert.deepEqual(
    wrapText("eins zwei drei", (s) => s.length, 9),
    ["eins zwei", "drei"],
  );
});
