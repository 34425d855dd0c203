import type { State, StateDocument } from "../schema";
import { DEFAULT_SETTINGS } from "../schema";
import { PROPERTIES, unitOf } from "./properties";

/**
 * Credentials of the demo clients (the demo connects with these and prints them; they are not
 * secrets of anyone). `hv-nord` holds the Hamburg and Kiel properties' UVI documents and every DTA
 * file; `hv-rhein` the UVI documents of Düsseldorf and Bremen, so that the demo's two UVI
 * connections list different documents.
 */
export const DEMO_CLIENT = {
  id: "hv-nord",
  services: ["uvi", "dta", "osr"] as ("uvi" | "dta" | "osr")[],
  basic: { username: "hv-nord", password: "nord-basic-secret" },
  oauth: { clientId: "hv-nord-api", clientSecret: "nord-oauth-secret" },
  customers: ["4711", "4712"],
};
export const SECOND_CLIENT = {
  id: "hv-rhein",
  services: ["uvi", "osr"] as ("uvi" | "dta" | "osr")[],
  basic: { username: "hv-rhein", password: "rhein-basic-secret" },
  customers: ["5820"],
};

/** The first two properties (Hamburg, Kiel) belong to customer 4711 of `hv-nord`. */
const isNorth = (propertyIndex: number) => propertyIndex < 2;

/** The months of the demo's UVI documents, oldest first (the demo register's dates follow the last one). */
export const DEMO_MONTHS = ["2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10"];

function lastDay(ym: string): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  return `${ym}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
}

function uviDocuments(): StateDocument[] {
  const docs: StateDocument[] = [];
  for (const ym of DEMO_MONTHS) {
    for (const [p, property] of PROPERTIES.entries()) {
      const customer = (isNorth(p) ? DEMO_CLIENT : SECOND_CLIENT).customers[0]!;
      for (let i = 0; i < property.units; i++) {
        const unit = unitOf(property, i);
        docs.push({
          service: "uvi",
          customer,
          documentid: `uvi-${ym}-${unit.msc}`,
          filename: `UVI_${ym}_${unit.msc}.pdf`,
          doctype: "UVI-E",
          mimetype: "application/pdf",
          propertymanagement: property.propertymanagement,
          metadata: [
            { reftype: "resident", mscnumber: unit.msc, pmnumber: unit.pm, from: `${ym}-01`, to: lastDay(ym) },
          ],
          content: { generate: "uvi-pdf" },
          confirmed: false,
          withdrawn: false,
        });
      }
    }
  }
  return docs;
}

/** Yearly and moving-out DTA records: customer 4711 holds the Hamburg and Kiel properties, 4712 the others. */
function dtaDocuments(): StateDocument[] {
  const docs: StateDocument[] = [];
  PROPERTIES.forEach((property, p) => {
    const customer = DEMO_CLIENT.customers[isNorth(p) ? 0 : 1]!;
    const units = Array.from({ length: Math.min(property.units, 12) }, (_, i) => unitOf(property, i));
    const periods: [string, string, string][] = [
      ["2024", "2024-01-01", "2024-12-31"],
      ["2025", "2025-01-01", "2025-12-31"],
    ];
    for (const [year, from, to] of periods) {
      docs.push({
        service: "dta",
        customer,
        documentid: `dta-${customer}-${property.code}-${year}`,
        filename: `DTA_${customer}_${property.code}_${year}.zip`,
        doctype: "A",
        doctypeversion: "3.07",
        mimetype: "ZIP",
        propertymanagement: property.propertymanagement || property.hv,
        metadata: [
          { reftype: "billingunit", mscnumber: property.code, pmnumber: null, from: null, to: null },
          ...units.map((u) => ({ reftype: "residentialunit", mscnumber: u.msc, pmnumber: u.pm, from, to })),
        ],
        content: { generate: "dta-zip" },
        confirmed: false,
        withdrawn: false,
      });
    }
  });
  return docs;
}

/**
 * The demo data set (docs/sandbox.md, "The demo data set"): two clients, two DTA customers of one, 208 units, six
 * months of UVI.
 */
export function demoState(): State {
  return {
    settings: { ...DEFAULT_SETTINGS },
    clients: [structuredClone(DEMO_CLIENT), structuredClone(SECOND_CLIENT)],
    documents: [...uviDocuments(), ...dtaDocuments()],
  };
}
