import type { Channel } from "./columns";
import type { Given } from "./plan";

/**
 * The import's preview (docs/api.md, "The unit register"): the first rows' values as the import
 * reads them (name parts and the full name, dates, the postal address's lines, channel, e-mail), so
 * that a wrong encoding or a wrong split of a name is seen before anything is applied. Pure. Part
 * of the register's own answer only: it holds residents' data.
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
