import { csvLine } from "@/lib/csv";
import { hash, PROPERTIES, unitOf, type Property } from "./properties";

/**
 * The unit register that fits the demo data set (docs/sandbox.md, "The demo data set"): the two
 * properties whose UVI documents `hv-nord` holds (Hamburg and Kiel), as property-management
 * software would export them. Most units have a resident; the channels are spread about as
 * residents chose them when asked (46 % e-mail, 34 % portal, 20 % post); a few flats stand empty;
 * and two units are left out on purpose, so that the inbox shows a "nicht zugeordnet" group.
 */

const FIRST_NAMES = [
  "Anna",
  "Jürgen",
  "Özlem",
  "Björn",
  "Ursula",
  "Sören",
  "Käthe",
  "Lukas",
  "Zoë",
  "Mehmet",
  "Jörg",
  "Sophie",
  "René",
  "Agnieszka",
];
/** Left out of the register on purpose: the first flat of each property's last house. */
export const DEMO_UNREGISTERED = ["55501045", "55502025"];

const ascii = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[^a-z]/g, "");

function row(property: Property, index: number): (string | null)[] | null {
  const unit = unitOf(property, index);
  if (DEMO_UNREGISTERED.includes(unit.msc)) return null;
  const house = unit.label.split(", ")[1] ?? property.street;
  const city = property.city;
  const base = [
    unit.msc,
    unit.pm,
    `Wohnanlage ${property.street}, ${city.replace(/^\d+ /, "")}`,
    `${house}, ${city}`,
    unit.label,
  ];
  const roll = hash(`${unit.msc}:channel`) % 100;
  // About one flat in twenty stands empty.
  if (roll >= 95) return [...base, null, null, null, null];
  const name = `${FIRST_NAMES[hash(`${unit.msc}:first`) % FIRST_NAMES.length]!} ${unit.resident}`;
  const email = `${ascii(name.split(" ")[0]!)}.${ascii(unit.resident)}.${unit.msc.slice(-3)}@example.org`;
  const postal = `${name}\n${house}\n${city}`;
  if (roll < 44) return [...base, name, email, "E-Mail", null];
  if (roll < 76) return [...base, name, roll % 2 === 0 ? email : null, "Portal", roll % 2 === 0 ? null : postal];
  return [...base, name, null, "Post", postal];
}

/** The register as CSV in the dashboard's import format (German headers, `;`, UTF-8 with BOM). */
export function demoRegisterCsv(): string {
  const header = [
    "Nutzeinheit",
    "HV-Nr.",
    "Liegenschaft",
    "Adresse",
    "Lage",
    "Bewohner",
    "E-Mail",
    "Zustellweg",
    "Anschrift",
  ];
  const lines = PROPERTIES.slice(0, 2).flatMap((p) =>
    Array.from({ length: p.units }, (_, i) => row(p, i)).filter((r) => r !== null),
  );
  return `\uFEFF${csvLine(header)}${lines.map((cells) => csvLine(cells)).join("")}`;
}
