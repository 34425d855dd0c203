import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { generateDtaZip } from "../../lib/sandbox/generate/dta-zip";
import { generateUviPdf } from "../../lib/sandbox/generate/uvi-pdf";
import { consumption, PROPERTIES, propertyAverage, unitOf } from "../../lib/sandbox/demo/properties";
import { demoState } from "../../lib/sandbox/demo/state";
import { State } from "../../lib/sandbox/schema";

const summary = (d: ReturnType<typeof demoState>["documents"][number]) => ({
  documentid: d.documentid,
  customer: d.customer,
  filename: d.filename,
  doctype: d.doctype,
  doctypeversion: d.doctypeversion ?? null,
  mimetype: d.mimetype,
  propertymanagement: d.propertymanagement,
  metadata: d.metadata,
  confirmed: false,
  withdrawn: false,
});

describe("sandbox demo data and generated files", () => {
  const state = demoState();

  test("the demo set fits the state schema and the contract's minimums", () => {
    assert.ok(State.safeParse(state).success);
    assert.ok(PROPERTIES.reduce((n, p) => n + p.units, 0) >= 200);
    const uvi = state.documents.filter((d) => d.service === "uvi");
    assert.equal(new Set(uvi.map((d) => d.metadata[0]!.from!.slice(0, 7))).size, 6);
    assert.deepEqual(
      new Set(state.documents.filter((d) => d.service === "dta").map((d) => d.customer)),
      new Set(["4711", "4712"]),
    );
  });

  test("consumption is deterministic and the property average is plausible", () => {
    const unit = unitOf(PROPERTIES[0]!, 3);
    assert.deepEqual(consumption(unit, { year: 2026, month: 1 }), consumption(unit, { year: 2026, month: 1 }));
    const winter = propertyAverage(PROPERTIES[0]!, { year: 2026, month: 1 });
    const summer = propertyAverage(PROPERTIES[0]!, { year: 2026, month: 7 });
    assert.ok(winter.heating > 5 * summer.heating);
    assert.ok(winter.water > 0 && summer.water > 0);
  });

  test("the UVI PDF is one page, the same bytes every time, with umlauts in its text", async () => {
    const doc = summary(state.documents.find((d) => d.service === "uvi")!);
    const a = await generateUviPdf(doc);
    const b = await generateUviPdf(doc);
    assert.deepEqual(Buffer.from(a), Buffer.from(b));
    const pdf = await PDFDocument.load(a);
    assert.equal(pdf.getPageCount(), 1);
    assert.match(pdf.getTitle() ?? "", /Verbrauchsinformation/);
    assert.equal(pdf.getCreationDate()?.toISOString(), "2026-06-05T06:00:00.000Z");
  });

  test("the DTA ZIP holds a record file for every residential unit, deterministic", () => {
    const doc = summary(state.documents.find((d) => d.service === "dta")!);
    const a = generateDtaZip(doc);
    assert.deepEqual(Buffer.from(a), Buffer.from(generateDtaZip(doc)));
    const files = unzipSync(a);
    const records = Buffer.from(files[Object.keys(files).find((n) => n.endsWith(".dta"))!]!)
      .toString("utf8")
      .trim()
      .split("\r\n");
    assert.equal(records[0]!.split(";")[0], "KOPF");
    assert.equal(
      records.filter((r) => r.startsWith("NE;")).length,
      doc.metadata.filter((m) => m.reftype === "residentialunit").length,
    );
    assert.equal(records.at(-1), `FUSS;${records.length}`);
  });
});
