import { translate, type Locale } from "@/lib/i18n/messages";
import { CHANNEL_WORDS, type Channel } from "./columns";
import type { Given, SettledChannel } from "./plan";

/**
 * The import's preview (docs/api.md, "The unit register"): the first rows' values as the import
 * reads them (name parts and the full name, dates, the postal address's lines, channel, e-mail), so
 * that a wrong encoding or a wrong split of a name is seen before anything is applied. Pure. Part
 * of the register's own answer only: it holds residents' data. The channel is the one the import
 * gives (a stored resident keeps theirs where the file has no `Zustellweg`), and `channelNote` says
 * why a row with an e-mail address becomes post: no consent recorded.
 */

export const PREVIEW_ROWS = 5;

export type PreviewRow = {
  line: number;
  unit: string | null;
  name: string | null;
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  vacancy: boolean;
  moveIn: string | null;
  moveOut: string | null;
  postalAddress: string[] | null;
  channel: Channel | null;
  email: string | null;
  /** Why the row is post although it has an e-mail address or names a digital channel (only then). */
  channelNote?: string;
};

export function previewOf(given: Given[], rows = PREVIEW_ROWS): PreviewRow[] {
  return given.slice(0, rows).map(({ line, row }) => {
    const t = row.tenancy;
    const person = t.person ?? null;
    return {
      line,
      unit: row.fields.mscnumber ?? row.fields.pmnumber ?? null,
      name: person?.name ?? null,
      salutation: person?.salutation ?? null,
      firstName: person?.firstName ?? null,
      lastName: person?.lastName ?? null,
      company: person?.company ?? null,
      vacancy: t.person === null && !!t.moveIn,
      moveIn: t.moveIn ?? null,
      moveOut: t.moveOut ?? null,
      postalAddress: t.postalAddress ? t.postalAddress.split("\n") : null,
      channel: t.channel ?? (person ? "post" : null),
      email: t.email ?? null,
    };
  });
}

/**
 * The preview's channels as the plan found them (`channels`: by line, the tenancy's channel after
 * the merge, where its unit was taken), and the note on each row that goes by post although it has an e-mail address
 * or names a digital channel: the file records no consent (no `Zustellweg` column, an empty cell, or a digital
 * channel without the resident's written agreement in `Einwilligung`), or the resident objected.
 */
export function settlePreview(
  preview: PreviewRow[],
  given: Given[],
  channels: Map<number, SettledChannel>,
  locale: Locale,
): PreviewRow[] {
  const byLine = new Map(given.slice(0, preview.length).map((g) => [g.line, g.row.tenancy]));
  return preview.map((row) => {
    const settled = channels.get(row.line);
    const channel = settled?.channel ?? row.channel;
    const t = byLine.get(row.line);
    if (channel !== "post" || !t) return { ...row, channel };
    if (t.channel && t.channel !== "post") {
      const note = settled?.objected ? "unitsApi.channel.objected" : "unitsApi.channel.writtenMissing";
      return { ...row, channel, channelNote: translate(locale, note, { channel: CHANNEL_WORDS[t.channel] }) };
    }
    if (!row.email || (t.channel !== undefined && t.channel !== null)) return { ...row, channel };
    const note = t.channel === undefined ? "unitsApi.channel.noConsent" : "unitsApi.channel.emptyChannel";
    return { ...row, channel, channelNote: translate(locale, note) };
  });
}
