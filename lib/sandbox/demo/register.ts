import { csvLine } from "@/lib/csv";
import { hash, PROPERTIES, unitOf, type Property } from "./properties";
import { DEMO_MONTHS } from "./state";

/**
 * The unit register that fits the demo data set (docs/sandbox.md, "The demo data set"): every
 * property whose UVI documents the demo's connections list (Hamburg and Kiel at `hv-nord`,
 * Düsseldorf and Bremen at `hv-rhein`: issue #50, a register without the latter hid their
 * documents from the month), as property-management software would export them: one row per tenancy, name and address in parts, move-in and move-out
 * dates. Every resident moved in before the demo's first document month (some since before any
 * document), so post, portal and e-mail residents each receive the last month's documents; the
 * channels are spread about as residents chose them when asked (40 % e-mail, 32 % portal, 28 %
 * post), each e-mail and portal resident with the written agreement behind it (`Einwilligung`: its
 * day, then a reference, as issue #47 asks); a few post residents give an e-mail address but have
 * not agreed yet, so the month page has residents to offer the opt-in letter to. One flat changes its resident on the 15th of the last month (its document is handed to
 * nobody until the manager assigns it), one stands empty since two months before it, a few more
 * stand empty since long before, and two units are left out on purpose, so that the inbox shows a
 * "nicht zugeordnet" group.
 */

const FIRST_NAMES: [string, "Frau" | "Herr"][] = [
  ["Anna", "Frau"],
  ["Jürgen", "Herr"],
  ["Özlem", "Frau"],
  ["Björn", "Herr"],
  ["Ursula", "Frau"],
  ["Sören", "Herr"],
  ["Käthe", "Frau"],
  ["Lukas", "Herr"],
  ["Zoë", "Frau"],
  ["Mehmet", "Herr"],
  ["Jörg", "Herr"],
  ["Sophie", "Frau"],
  ["René", "Herr"],
  ["Agnieszka", "Frau"],
];
/** Left out of the register on purpose: the first flat of each property's last house. */
export const DEMO_UNREGISTERED = ["55501045", "55502025"];
/** The flat whose resident changes on the 15th of the demo's last month, and the one empty since two months before. */
export const DEMO_CHANGE = "55501006";
export const DEMO_VACANCY = "55502008";

export const DEMO_HEADER = [
  "Nutzeinheit",
  "HV-Nr.",
  "Abrechnungseinheit",
  "Liegenschaft",
  "Adresse",
  "Lage",
  "Anrede",
  "Vorname",
  "Nachname",
  "E-Mail",
  "Zustellweg",
  "Einwilligung",
  "Straße",
  "PLZ",
  "Ort",
  "Einzug",
  "Auszug",
];

const ascii = (s: string) =>
  s
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[^a-z]/g, "");

/** `TT.MM.JJJJ` of a UTC day. */
const german = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${d.getUTCFullYear()}`;
/** The first day of the month `by` months after `ym` (`YYYY-MM`). */
const monthStart = (ym: string, by = 0) => {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1));
};
const dayBefore = (d: Date) => new Date(d.getTime() - 86_400_000);

/** `agreed`: the day the resident agreed in writing to e-mail or the portal (a UTC day), were they to go digitally. */
type Tenancy = {
  first: number;
  last: string;
  channelRoll: number;
  moveIn: string | null;
  moveOut: string | null;
  agreed: Date;
};

/** The references of written agreements, as an office files them. */
const AGREEMENTS = ["schriftlich, Mietvertrag §12", "Formular Zustellweg", "schriftlich, Schreiben des Mieters"];

/** A resident's cells: salutation, names, e-mail, channel, written agreement, address in parts. */
function residentCells(key: string, t: Tenancy, house: string, city: string): (string | null)[] {
  const [first, salutation] = FIRST_NAMES[t.first % FIRST_NAMES.length]!;
  const email = `${ascii(first)}.${ascii(t.last)}.${key.slice(-3)}@example.org`;
  const [postcode, ...town] = city.split(" ");
  const address = [house, postcode!, town.join(" ")];
  const roll = t.channelRoll;
  const agreed = `${german(t.agreed)} ${AGREEMENTS[hash(`${key}:${t.last}:agreed`) % AGREEMENTS.length]}`;
  const reach: (string | null)[] =
    roll < 40
      ? [email, "E-Mail", agreed, null, null, null]
      : roll < 44
        ? [email, "Post", null, ...address]
        : roll < 76
          ? roll % 2 === 0
            ? [email, "Portal", agreed, null, null, null]
            : [null, "Portal", agreed, ...address]
          : [null, "Post", null, ...address];
  return [salutation, first, t.last, ...reach, t.moveIn, t.moveOut];
}

const vacancyCells = (from: string, to: string | null = null) => [
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  null,
  from,
  to,
];

/** The tenancies of one unit, oldest first, as cells after the unit's own. */
function tenancyRows(unit: ReturnType<typeof unitOf>, house: string, city: string): (string | null)[][] {
  const last = DEMO_MONTHS.at(-1)!;
  const roll = hash(`${unit.msc}:channel`) % 100;
  const since = hash(`${unit.msc}:since`) % 160;
  // A third since before any document (no date); the others moved in up to nine years before the first document month.
  const movedIn = since < 50 ? null : monthStart(DEMO_MONTHS[0]!, -(since - 48));
  // Agreed with the lease, a few days before the move-in; those there since before any document some years back.
  const agreed = movedIn
    ? new Date(movedIn.getTime() - (3 + (since % 20)) * 86_400_000)
    : new Date(monthStart(DEMO_MONTHS[0]!, -(12 + (since % 48))).getTime() + (since % 27) * 86_400_000);
  const resident: Tenancy = {
    first: hash(`${unit.msc}:first`),
    last: unit.resident,
    channelRoll: roll,
    moveIn: movedIn ? german(movedIn) : null,
    moveOut: null,
    agreed,
  };
  if (unit.msc === DEMO_CHANGE) {
    const change = new Date(monthStart(last).getTime() + 14 * 86_400_000);
    const next: Tenancy = {
      first: 11,
      last: "Sommer",
      channelRoll: 10,
      moveIn: german(change),
      moveOut: null,
      agreed: new Date(change.getTime() - 10 * 86_400_000),
    };
    return [
      residentCells(unit.msc, { ...resident, moveOut: german(dayBefore(change)) }, house, city),
      residentCells(unit.msc, next, house, city),
    ];
  }
  if (unit.msc === DEMO_VACANCY) {
    const empty = monthStart(last, -1);
    return [
      residentCells(unit.msc, { ...resident, moveOut: german(dayBefore(empty)) }, house, city),
      vacancyCells(german(empty)),
    ];
  }
  // About one flat in twenty stands empty since long before the first document.
  if (roll >= 95) return [vacancyCells(german(monthStart(DEMO_MONTHS[0]!, -12)))];
  return [residentCells(unit.msc, resident, house, city)];
}

function rows(property: Property, index: number): (string | null)[][] {
  const unit = unitOf(property, index);
  if (DEMO_UNREGISTERED.includes(unit.msc)) return [];
  const house = unit.label.split(", ")[1] ?? property.street;
  const city = property.city;
  const base = [
    unit.msc,
    unit.pm,
    property.code,
    `Wohnanlage ${property.street}, ${city.replace(/^\d+ /, "")}`,
    `${house}, ${city}`,
    unit.label,
  ];
  return tenancyRows(unit, house, city).map((cells) => [...base, ...cells]);
}

/** The register as CSV in the dashboard's import format (German headers, `;`, UTF-8 with BOM). */
export function demoRegisterCsv(): string {
  const lines = PROPERTIES.flatMap((p) => Array.from({ length: p.units }, (_, i) => rows(p, i)).flat());
  return `\uFEFF${csvLine(DEMO_HEADER)}${lines.map((cells) => csvLine(cells)).join("")}`;
}
