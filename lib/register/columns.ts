import { CHANNELS, type Channel } from "@/lib/register/list";

/**
 * The register's columns (docs/api.md, "The unit register"): each by its English key or its German
 * name, as the export writes it. Headers are compared without case, spaces, dots, hyphens and
 * underscores, so "HV-Nr.", "hv nr" and "HVNr" are one column, and "E-Mail", "email" and "e_mail"
 * another. Columns the register does not use are named in the import's answer (`unusedColumns`).
 */

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[\s._\-]+/g, "");

/** The unit's own columns: the same on every row of one unit. */
export const UNIT_FIELDS = ["mscnumber", "pmnumber", "billingunit", "property", "address", "label"] as const;
/** A tenancy's columns: the resident (one column, or its parts), how they are reached, and the dates. */
export const TENANCY_COLUMNS = [
  "resident",
  "salutation",
  "firstName",
  "lastName",
  "company",
  "email",
  "channel",
  "consent",
  "postalAddress",
  "street",
  "houseNumber",
  "postcode",
  "city",
  "moveIn",
  "moveOut",
  "contract",
] as const;
export const UNIT_COLUMNS = [...UNIT_FIELDS, ...TENANCY_COLUMNS] as const;
export type UnitColumn = (typeof UNIT_COLUMNS)[number];
export type UnitField = (typeof UNIT_FIELDS)[number];
/** The columns that name the resident: a file with none of them speaks of the present resident. */
export const NAME_COLUMNS = ["resident", "salutation", "firstName", "lastName", "company"] as const;

/** The German header of each column: the export's, and the first a person reads in an error. */
export const GERMAN_HEADERS: Record<UnitColumn, string> = {
  mscnumber: "Nutzeinheit",
  pmnumber: "HV-Nr.",
  billingunit: "Abrechnungseinheit",
  property: "Liegenschaft",
  address: "Adresse",
  label: "Lage",
  resident: "Bewohner",
  salutation: "Anrede",
  firstName: "Vorname",
  lastName: "Nachname",
  company: "Firma",
  email: "E-Mail",
  channel: "Zustellweg",
  consent: "Einwilligung",
  postalAddress: "Anschrift",
  street: "Straße",
  houseNumber: "Hausnummer",
  postcode: "PLZ",
  city: "Ort",
  moveIn: "Einzug",
  moveOut: "Auszug",
  contract: "Vertragsnummer",
};

/**
 * Further names property-management exports use for the same columns. Their own number of a flat
 * ("Einheit", "Whg.-Nr.", "Wohnung") is the HV-Nr.; "Objekt" is the property, "Mieter" the resident.
 */
const MORE_NAMES: Partial<Record<UnitColumn, string[]>> = {
  mscnumber: ["Nutzeinheitennummer", "NE-Nr.", "Nutzeinheit-Nr.", "usage unit", "unit"],
  pmnumber: [
    "HV-Nummer",
    "Hausverwaltungsnummer",
    "Einheit",
    "Einheit-Nr.",
    "Einheitennummer",
    "Whg.-Nr.",
    "Wohnungsnummer",
    "Wohnungs-Nr.",
    "Wohnung",
    "property management number",
  ],
  billingunit: ["Abrechnungseinheit-Nr.", "AE-Nr.", "billing unit"],
  property: ["Objekt", "Objektname", "Liegenschaftsname"],
  label: ["Lagebezeichnung"],
  resident: ["Mieter", "Mietername", "Nutzer", "Bewohnername"],
  firstName: ["first name", "given name"],
  lastName: ["Familienname", "last name", "surname"],
  company: ["Firmenname"],
  email: ["E-Mail-Adresse", "Mail"],
  channel: ["Versandweg", "Versandart", "delivery channel"],
  consent: ["Zustimmung", "Einverständnis", "Einwilligung digital", "consent"],
  postalAddress: ["Postanschrift", "postal address"],
  street: ["Strasse", "Str."],
  houseNumber: ["Hausnr."],
  postcode: ["Postleitzahl", "postal code", "zip"],
  city: ["Stadt", "Wohnort", "town"],
  moveIn: ["Mietbeginn", "Nutzungsbeginn", "gültig ab", "Einzugsdatum", "move in"],
  moveOut: ["Mietende", "Nutzungsende", "gültig bis", "Auszugsdatum", "move out"],
  contract: [
    "Vertrags-Nr.",
    "Vertrag",
    "Mietvertrag",
    "Mietvertragsnummer",
    "Mietvertrags-Nr.",
    "Nutzungsvertrag",
    "contract",
    "contract number",
  ],
};

/**
 * A header that names a second column where its first is taken: "Wohnung" beside a "Whg.-Nr."
 * describes the flat ("2. OG links"), which the register calls its Lage.
 */
const SECOND_MEANING = new Map<string, UnitColumn>([[normaliseHeader("Wohnung"), "label"]]);

const BY_NAME = new Map<string, UnitColumn>(
  UNIT_COLUMNS.flatMap((c) =>
    [c, GERMAN_HEADERS[c], ...(MORE_NAMES[c] ?? [])].map((name) => [normaliseHeader(name), c] as const),
  ),
);

/** Where each known column sits in a header row, and the header as the file wrote it. */
export type ColumnMap = Map<UnitColumn, { index: number; header: string }>;

/**
 * Maps a header row; a column named twice is ambiguous (which one would the person mean?). `unused`
 * are the headers the register does not read, as the file wrote them (blank ones left out).
 */
export function mapHeader(fields: string[]): { columns: ColumnMap; duplicates: string[]; unused: string[] } {
  const columns: ColumnMap = new Map();
  const duplicates: string[] = [];
  const unused: string[] = [];
  const headers = fields.map((raw, index) => ({ index, header: raw.trim(), name: normaliseHeader(raw.trim()) }));
  // Headers with a second meaning last, so that "Wohnung;Whg.-Nr." reads as "Whg.-Nr.;Wohnung" does.
  const ordered = [
    ...headers.filter((h) => !SECOND_MEANING.has(h.name)),
    ...headers.filter((h) => SECOND_MEANING.has(h.name)),
  ];
  for (const { index, header, name } of ordered) {
    const first = BY_NAME.get(name);
    const second = SECOND_MEANING.get(name);
    const column = first && columns.has(first) && second && !columns.has(second) ? second : first;
    if (!column) {
      if (header !== "") unused.push(header);
    } else if (columns.has(column)) duplicates.push(header);
    else columns.set(column, { index, header });
  }
  return { columns, duplicates, unused };
}

export { CHANNELS, type Channel };

/** The channel as the export writes it (German, as in the property software). */
export const CHANNEL_WORDS: Record<Channel, string> = { email: "E-Mail", portal: "Portal", post: "Post" };

const CHANNEL_BY_WORD = new Map<string, Channel>([
  ...CHANNELS.map((c) => [c, c] as const),
  ["mail", "email"],
  ["brief", "post"],
  ["papier", "post"],
  ["paper", "post"],
  ["letter", "post"],
  ["app", "portal"],
]);

/** A channel cell in German or English words; `undefined` for a word the register does not know. */
export const channelOf = (cell: string): Channel | undefined => CHANNEL_BY_WORD.get(normaliseHeader(cell));
