import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { DocumentSummary } from "../documents";
import { consumption, lookupUnit, propertyAverage, PROVIDER, shiftMonth, type Month } from "../demo/properties";

const MONTH_NAMES = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];
const monthName = (m: Month) => `${MONTH_NAMES[m.month - 1]} ${m.year}`;
const kwh = (n: number) => `${n.toLocaleString("de-DE")} kWh`;
const dateDe = (iso: string) => iso.split("-").reverse().join(".");
const INK = rgb(0.12, 0.14, 0.18);
const MUTED = rgb(0.4, 0.42, 0.46);
const BARS = [rgb(0.85, 0.33, 0.1), rgb(0.96, 0.64, 0.38), rgb(0.55, 0.6, 0.68), rgb(0.2, 0.45, 0.7)];

type Fonts = { regular: PDFFont; bold: PDFFont };
/** The page's left and right margins (A4 in points). */
const L = 50;
const R = 545;

function text(page: PDFPage, fonts: Fonts, s: string, x: number, y: number, size = 10, bold = false, color = INK) {
  page.drawText(s, { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
}

function rightText(page: PDFPage, fonts: Fonts, s: string, right: number, y: number, size = 10, bold = false) {
  const font = bold ? fonts.bold : fonts.regular;
  text(page, fonts, s, right - font.widthOfTextAtSize(s, size), y, size, bold);
}

/** One group of four bars (this month, previous month, same month last year, average user). */
function barGroup(page: PDFPage, fonts: Fonts, title: string, values: number[], x: number, y: number) {
  const height = 110;
  const max = Math.max(...values, 1);
  text(page, fonts, title, x, y + height + 14, 10, true);
  page.drawLine({ start: { x, y }, end: { x: x + 220, y }, thickness: 0.8, color: MUTED });
  values.forEach((v, i) => {
    const h = Math.max(1, (v / max) * height);
    const bx = x + 12 + i * 52;
    page.drawRectangle({ x: bx, y, width: 34, height: h, color: BARS[i] });
    const label = String(v);
    text(page, fonts, label, bx + 17 - fonts.regular.widthOfTextAtSize(label, 8) / 2, y + h + 3, 8);
  });
}

/** What the page says, from the document's metadata (the demo data fills in the rest). */
function factsOf(doc: DocumentSummary) {
  const ref = doc.metadata.find((m) => m.reftype === "resident") ?? doc.metadata[0];
  const from = ref?.from ?? "2026-10-01";
  const to = ref?.to ?? "2026-10-31";
  const { property, unit } = lookupUnit(ref?.mscnumber ?? "00000000", ref?.pmnumber ?? null);
  const month: Month = { year: Number(from.slice(0, 4)), month: Number(from.slice(5, 7)) };
  const prev = shiftMonth(month, -1);
  const lastYear = shiftMonth(month, -12);
  const issued = new Date(
    Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)) + 5, 6, 0, 0),
  );
  const [now, before, yearAgo, avg] = [
    consumption(unit, month),
    consumption(unit, prev),
    consumption(unit, lastYear),
    propertyAverage(property, month),
  ];
  return { doc, ref, from, to, property, unit, month, prev, lastYear, issued, now, before, yearAgo, avg };
}
type Facts = ReturnType<typeof factsOf>;

/** The letterhead, the title and who and what the information is about. */
function drawHead(page: PDFPage, fonts: Fonts, { doc, ref, from, to, property, unit, month, issued }: Facts) {
  text(page, fonts, PROVIDER.name, L, 790, 16, true);
  text(page, fonts, `${PROVIDER.street} · ${PROVIDER.city} · Messdienstleister`, L, 774, 9, false, MUTED);
  rightText(page, fonts, `Erstellt am ${dateDe(issued.toISOString().slice(0, 10))}`, R, 790, 9);
  page.drawLine({ start: { x: L, y: 764 }, end: { x: R, y: 764 }, thickness: 1, color: BARS[0] });
  text(page, fonts, "Unterjährige Verbrauchsinformation (UVI)", L, 734, 15, true);
  text(page, fonts, `Heizung und Warmwasser · ${monthName(month)} · gemäß § 6a HeizkostenV`, L, 716, 10, false, MUTED);

  const rows: [string, string][] = [
    ["Liegenschaft", `${property.street}, ${property.city}`],
    ["Nutzeinheit", unit.label],
    ["Nutzer", `${unit.resident} (${unit.areaM2} m², ${unit.persons} Pers.)`],
    ["Nutzer-Nr. / HV-Nr.", `${unit.msc} / ${ref?.pmnumber ?? unit.pm}`],
    ["Hausverwaltung", `${property.manager}${doc.propertymanagement ? ` (${doc.propertymanagement})` : ""}`],
    ["Zeitraum", `${dateDe(from)} – ${dateDe(to)}`],
  ];
  rows.forEach(([k, v], i) => {
    text(page, fonts, k, L, 686 - i * 16, 10, true);
    text(page, fonts, v, L + 130, 686 - i * 16, 10);
  });
}

/**
 * The month against the previous month, the same month a year ago and the property's average: a table, a sentence,
 * bars.
 */
function drawComparison(page: PDFPage, fonts: Fonts, { month, prev, lastYear, now, before, yearAgo, avg }: Facts) {
  const head = [
    monthName(month),
    `Vormonat (${monthName(prev)})`,
    `Vorjahresmonat (${monthName(lastYear)})`,
    "Ø Nutzer (Liegenschaft)",
  ];
  const cols = [260, 350, 450, R];
  let y = 570;
  page.drawRectangle({ x: L, y: y - 6, width: R - L, height: 34, color: rgb(0.94, 0.95, 0.96) });
  head.forEach((h, i) => {
    const words = h.split(" (");
    rightText(page, fonts, words[0]!, cols[i]!, y + 12, 8, true);
    if (words[1]) rightText(page, fonts, `(${words[1]}`, cols[i]!, y + 2, 8, true);
  });
  const lines: [string, number[]][] = [
    ["Heizung", [now.heating, before.heating, yearAgo.heating, avg.heating]],
    ["Warmwasser", [now.water, before.water, yearAgo.water, avg.water]],
  ];
  for (const [label, values] of lines) {
    y -= 24;
    text(page, fonts, label, L + 4, y, 10, true);
    values.forEach((v, i) => rightText(page, fonts, kwh(v), cols[i]!, y, 10, i === 0));
  }

  const diff = avg.heating ? Math.round(((now.heating - avg.heating) / avg.heating) * 100) : 0;
  const verdict = diff > 0 ? `${diff} % über` : diff < 0 ? `${-diff} % unter` : "genau auf";
  text(
    page,
    fonts,
    `Ihr Heizverbrauch liegt ${verdict} dem Durchschnitt vergleichbarer Nutzer dieser Liegenschaft.`,
    L,
    y - 30,
    10,
  );

  barGroup(page, fonts, "Heizung (kWh)", lines[0]![1], L, 330);
  barGroup(page, fonts, "Warmwasser (kWh)", lines[1]![1], L + 260, 330);
  ["Aktueller Monat", "Vormonat", "Vorjahresmonat", "Ø Nutzer"].forEach((name, i) => {
    page.drawRectangle({ x: L + i * 125, y: 300, width: 9, height: 9, color: BARS[i] });
    text(page, fonts, name, L + i * 125 + 14, 301, 9);
  });
}

const NOTES = [
  "Die Werte beruhen auf den fernausgelesenen Zählern Ihrer Nutzeinheit; sie ersetzen nicht die Heizkostenabrechnung.",
  "Energieträger: Erdgas. Vergleichswerte: Mittelwert aller Nutzeinheiten der Liegenschaft im selben Monat.",
  "Tipps zum Energiesparen und Beratung: Verbraucherzentrale, www.verbraucherzentrale.de/energie.",
  "Fragen zu dieser Information beantwortet Ihre Hausverwaltung oder der Messdienstleister.",
];

/**
 * The interim consumption information of HeizkostenV §6a as a one-page PDF, made from the
 * document's metadata only. Dates are fixed and pdf-lib writes no random IDs, so the bytes are
 * the same for the same document every time.
 */
export async function generateUviPdf(doc: DocumentSummary): Promise<Uint8Array> {
  const facts = factsOf(doc);
  const { month, unit, issued } = facts;
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Unterjährige Verbrauchsinformation ${monthName(month)} – ${unit.msc}`);
  pdf.setAuthor(PROVIDER.name);
  pdf.setSubject("Verbrauchsinformation nach § 6a HeizkostenV");
  pdf.setProducer("arge-inbox sandbox");
  pdf.setCreator("arge-inbox sandbox");
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.addPage([595.28, 841.89]);

  drawHead(page, fonts, facts);
  drawComparison(page, fonts, facts);
  NOTES.forEach((n, i) => text(page, fonts, n, L, 250 - i * 14, 8.5, false, MUTED));
  page.drawLine({ start: { x: L, y: 70 }, end: { x: R, y: 70 }, thickness: 0.5, color: MUTED });
  text(page, fonts, `Dokument ${doc.documentid} · ${doc.filename} · Seite 1 von 1`, L, 56, 8, false, MUTED);

  return pdf.save({ useObjectStreams: false });
}
