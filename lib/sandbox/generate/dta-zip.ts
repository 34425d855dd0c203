import { strToU8, zipSync } from "fflate";
import type { DocumentSummary } from "../documents";
import { consumption, lookupUnit, PROVIDER } from "../demo/properties";

const FIXED = new Date(Date.UTC(2026, 0, 15, 6, 0, 0));

/**
 * A DTA ZIP made from the document's metadata: a record file (header, property, one block per
 * residential unit with yearly heating and hot-water totals, trailer) and a short readme. All
 * entries carry a fixed date, so the bytes never change.
 */
export function generateDtaZip(doc: DocumentSummary): Uint8Array {
  const billing = doc.metadata.find((m) => m.reftype === "billingunit");
  const units = doc.metadata.filter((m) => m.reftype !== "billingunit");
  const first = units[0];
  const from = first?.from ?? "2025-01-01";
  const to = first?.to ?? "2025-12-31";
  const year = Number(from.slice(0, 4));
  const msc = billing?.mscnumber ?? first?.mscnumber.slice(0, 5) ?? "00000";
  const { property } = lookupUnit(`${msc}001`.slice(0, 8), null);
  const records: string[] = [
    `KOPF;${doc.doctype};${doc.doctypeversion ?? ""};${doc.customer};${msc};${from};${to};${PROVIDER.name}`,
    `LIEG;${msc};${property.street};${property.city};${doc.propertymanagement ?? ""}`,
  ];
  for (const ref of units) {
    const { unit } = lookupUnit(ref.mscnumber, ref.pmnumber);
    let heating = 0;
    let water = 0;
    for (let month = 1; month <= 12; month++) {
      const c = consumption(unit, { year, month });
      heating += c.heating;
      water += c.water;
    }
    records.push(`NE;${ref.mscnumber};${ref.pmnumber ?? ""};${unit.label};${ref.from ?? ""};${ref.to ?? ""}`);
    records.push(`VERBR;${ref.mscnumber};HZ;kWh;${heating}`);
    records.push(`VERBR;${ref.mscnumber};WW;kWh;${water}`);
  }
  records.push(`FUSS;${records.length + 1}`);
  const readme = [
    `Datenaustausch ${doc.documentid}`,
    `Absender: ${PROVIDER.name}, ${PROVIDER.street}, ${PROVIDER.city}`,
    `Liegenschaft ${msc}: ${property.street}, ${property.city}`,
    `Zeitraum ${from} bis ${to}; ${units.length} Nutzeinheiten; Satzarten KOPF, LIEG, NE, VERBR, FUSS.`,
  ].join("\r\n");
  const base = doc.filename.replace(/\.zip$/i, "");
  return zipSync(
    {
      [`${base}.dta`]: [strToU8(records.join("\r\n") + "\r\n"), { mtime: FIXED }],
      "LIESMICH.txt": [strToU8(readme + "\r\n"), { mtime: FIXED }],
    },
    { level: 6, mtime: FIXED },
  );
}
