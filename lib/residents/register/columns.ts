import { CHANNELS, type Channel } from "@/lib/lists/units";

/**
 * The register's columns (docs/api.md, "The unit register"): each by its English key or its German
 * name, as the export writes it. Headers are compared without case, spaces, dots, hyphens and
 * underscores, so "HV-Nr.", "hv nr" and "HVNr" are one column, and "E-Mail", "email" and "e_mail"
 * another. Columns the register does not know are ignored: exports carry many.
 */

export const UNIT_COLUMNS = [
  "mscnumber",
  "pmnumber",
  "property",
  "address",
  "label",
  "resident",
  "email",
  "channel",
  "postalAddress",
] as const;
export type UnitColumn = (typeof UNIT_COLUMNS)[number];

/** The German header of each column: the export's, and the first a person reads in an error. */
export const GERMAN_HEADERS: Record<UnitColumn, string> = {
  mscnumber: "Nutzeinheit",
  pmnumber: "HV-Nr.",
  property: "Liegenschaft",
  address: "Adresse",
  label: "Lage",
  resident: "Bewohner",
  email: "E-Mail",
  channel: "Zustellweg",
  postalAddress: "Anschrift",
};

/** Further names property-management exports use for the same columns. */
const MORE_NAMES: Partial<Record<UnitColumn, string[]>> = {
  mscnumber: ["Nutzeinheitennummer", "NE-Nr.", "Nutzeinheit-Nr.", "usage unit", "unit"],
  pmnumber: ["HV-Nummer", "Hausverwaltungsnummer", "property management number"],
  property: ["Objekt", "Liegenschaftsname"],
  label: ["Lagebezeichnung", "Wohnung"],
  resident: ["Mieter", "Nutzer", "Bewohnername"],
  email: ["E-Mail-Adresse", "Mail"],
  channel: ["Versandweg", "Versandart", "delivery channel"],
  postalAddress: ["Postanschrift", "postal address"],
};

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[\s._\-]+/g, "");

const BY_NAME = new Map<string, UnitColumn>(
  UNIT_COLUMNS.flatMap((c) =>
    [c, GERMAN_HEADERS[c], ...(MORE_NAMES[c] ?? [])].map((name) => [normaliseHeader(name), c] as const),
  ),
);

/** Where each known column sits in a header row, and the header as the file wrote it. */
export type ColumnMap = Map<UnitColumn, { index: number; header: string }>;

/** Maps a header row; a column named twice is ambiguous (which one would the person mean?). */
export function mapHeader(fields: string[]): { columns: ColumnMap; duplicates: string[] } {
  const columns: ColumnMap = new Map();
  const duplicates: string[] = [];
  fields.forEach((raw, index) => {
    const header = raw.trim();
    const column = BY_NAME.get(normaliseHeader(header));
    if (!column) return;
    if (columns.has(column)) duplicates.push(header);
    else columns.set(column, { index, header });
  });
  return { columns, duplicates };
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
