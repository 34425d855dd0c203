/** The demo's properties and usage units, and a deterministic consumption model for them. */

export type Property = {
  code: string; // first five digits of every unit's msc number
  hv: string; // property management number prefix
  propertymanagement: string;
  manager: string;
  street: string;
  city: string;
  units: number;
  houses: string[];
};

export const PROVIDER = { name: "Wärmemess Nord GmbH", street: "Hafenstraße 21", city: "20457 Hamburg" };

export const PROPERTIES: Property[] = [
  {
    code: "55501",
    hv: "HV-7",
    propertymanagement: "HV-7",
    manager: "Hausverwaltung Nordlicht GmbH",
    street: "Lindenallee 12–16",
    city: "20259 Hamburg",
    units: 64,
    houses: ["Lindenallee 12", "Lindenallee 14", "Lindenallee 16"],
  },
  {
    code: "55502",
    hv: "HV-12",
    propertymanagement: "HV-12",
    manager: "Hausverwaltung Nordlicht GmbH",
    street: "Schloßstraße 4",
    city: "24103 Kiel",
    units: 48,
    houses: ["Schloßstraße 4", "Schloßstraße 4a"],
  },
  {
    code: "55503",
    hv: "HV-3",
    propertymanagement: "HV-3",
    manager: "Rheinische Wohnbau Verwaltung KG",
    street: "Königsallee 48",
    city: "40212 Düsseldorf",
    units: 56,
    houses: ["Königsallee 48", "Königsallee 48 (Hinterhaus)"],
  },
  {
    code: "55504",
    hv: "HV-9",
    propertymanagement: "",
    manager: "Jäger & Söhne Immobilien",
    street: "Grüner Weg 7a",
    city: "28199 Bremen",
    units: 40,
    houses: ["Grüner Weg 7a"],
  },
];

const SIDES = ["links", "Mitte links", "Mitte rechts", "rechts"];
const NAMES = [
  "Müller",
  "Schröder",
  "Weiß",
  "Öztürk",
  "Becker",
  "Jäger",
  "Krüger",
  "Groß",
  "Hoffmann",
  "Schäfer",
  "Köhler",
  "Bäcker",
  "Nowak",
  "Fuchs",
  "Lübke",
  "Maaß",
];

export type Unit = {
  msc: string;
  pm: string;
  label: string;
  resident: string;
  areaM2: number;
  persons: number;
  index: number;
};

/** FNV-1a: a stable 32-bit hash, the seed of every "random" figure. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
const unitRandom = (seed: string) => hash(seed) / 0xffffffff;

export function unitOf(property: Property, index: number): Unit {
  const perHouse = Math.ceil(property.units / property.houses.length);
  const house = property.houses[Math.floor(index / perHouse)] ?? property.houses[0]!;
  const inHouse = index % perHouse;
  const floor = Math.floor(inHouse / 4);
  const floorName = floor === 0 ? "EG" : `${floor}. OG`;
  const no = index + 1;
  const msc = `${property.code}${String(no).padStart(3, "0")}`;
  return {
    msc,
    pm: `${property.hv}-${String(no).padStart(2, "0")}`,
    label: `Whg. ${floor}.${String((inHouse % 4) + 1).padStart(2, "0")}, ${house}, ${floorName} ${SIDES[inHouse % 4]}`,
    resident: NAMES[hash(`${msc}:name`) % NAMES.length]!,
    areaM2: Math.round(42 + unitRandom(`${msc}:area`) * 78),
    persons: 1 + (hash(`${msc}:persons`) % 4),
    index,
  };
}

/** The unit and property of an msc number; numbers outside the demo get a stable stand-in. */
export function lookupUnit(msc: string, pm: string | null): { property: Property; unit: Unit } {
  const known = PROPERTIES.find((p) => msc.startsWith(p.code) && msc.length === 8);
  const index = known ? Number(msc.slice(5)) - 1 : 0;
  if (known && index >= 0 && index < known.units) return { property: known, unit: unitOf(known, index) };
  const property = PROPERTIES[hash(msc) % PROPERTIES.length]!;
  const unit = unitOf(property, hash(`${msc}:idx`) % property.units);
  return { property, unit: { ...unit, msc, pm: pm ?? unit.pm } };
}

// kWh per m² and month for heating (January first), and the hot-water season factor.
const HEATING = [21.5, 18.9, 15.2, 9.1, 4.2, 1.3, 0.6, 0.7, 2.6, 8.1, 14.3, 19.8];
const WATER = [1.1, 1.08, 1.04, 1.0, 0.94, 0.88, 0.84, 0.86, 0.93, 1.0, 1.05, 1.1];
const YEAR_FACTOR = (year: number) => 1 + ((hash(`year:${year}`) % 13) - 6) / 100;

export type Month = { year: number; month: number }; // month 1..12

export function shiftMonth(m: Month, by: number): Month {
  const total = m.year * 12 + (m.month - 1) + by;
  return { year: Math.floor(total / 12), month: (total % 12) + 1 };
}

/** Heating and hot-water kWh of a unit in a month (the same numbers every time). */
export function consumption(
  unit: Pick<Unit, "msc" | "areaM2" | "persons">,
  m: Month,
): { heating: number; water: number } {
  const noise = (k: string) => 0.85 + unitRandom(`${unit.msc}:${m.year}-${m.month}:${k}`) * 0.3;
  const habit = 0.75 + unitRandom(`${unit.msc}:habit`) * 0.5;
  const heating = HEATING[m.month - 1]! * unit.areaM2 * habit * YEAR_FACTOR(m.year) * noise("h");
  const water = unit.persons * 52 * WATER[m.month - 1]! * noise("w");
  return { heating: Math.round(heating), water: Math.round(water) };
}

/** The average user of a property: the mean of all its units in that month. */
export function propertyAverage(property: Property, m: Month): { heating: number; water: number } {
  let heating = 0;
  let water = 0;
  for (let i = 0; i < property.units; i++) {
    const c = consumption(unitOf(property, i), m);
    heating += c.heating;
    water += c.water;
  }
  return { heating: Math.round(heating / property.units), water: Math.round(water / property.units) };
}
