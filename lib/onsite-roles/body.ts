import { createHash } from "node:crypto";

/**
 * A unit's whole history as one on-site-roles v2 data set (the on-site-roles specification, 2.6; docs/api.md,
 * "On-site-roles reports"), and its hash, which decides whether the unit changed. Pure. Only name
 * parts leave the register: no e-mail, address, channel or salutation. A resident's tenancy is a
 * partner with a consumption-information contract and a billing contract billed to them; a vacancy
 * a billing contract with `vacancy: true` billed to the owner; an erased former resident is left out
 * (the register no longer knows them). A tenancy without a move-in (the resident lived there before
 * any document) is reported from the unit's `since` (./basis.ts), never from the day of the report.
 */

export type ReportPerson = { name: string; firstName: string | null; lastName: string | null; company: string | null };
export type ReportTenancy = {
  id: string;
  /** null: since before any document; reported from the unit's `since` (see `reportedStart`). */
  moveIn: string | null;
  moveOut: string | null;
  vacancy: boolean;
  erased: boolean;
  resident: ReportPerson | null;
};
export type ReportUnit = { billingunit: string; mscnumber: string; pmnumber: string | null };

type Partner = { partnerPmnumber: string; name: string; firstname?: string; commercial: boolean };
type BillingContract = {
  validfrom: string;
  validto: string | null;
  vacancy: boolean;
  billingrecipient: { partnerPmnumber: string } | { owner: true };
};
type InformationContract = { validfrom: string; validto: string | null; partnerPmnumber: string };
export type ReportBody = {
  billingunitMscnumber: string;
  residentialunitMscnumber: string;
  residentialunitPmnumber?: string;
  partners: Partner[];
  billingcontracts: BillingContract[];
  consumptioninformationcontracts: InformationContract[];
};

/** What the sandbox and the sources let a name be: at most 200 characters, no control characters. */
const MAX_NAME = 200;
const clean = (v: string) =>
  v
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, MAX_NAME);

/**
 * The partner number of a tenancy's resident: the same for every report of that tenancy (its id is
 * kept across imports and corrections), never derived from the person. `P-` and 20 hex digits.
 */
export const partnerPmnumber = (tenancyId: string) =>
  `P-${createHash("sha256").update(`osr-partner:${tenancyId}`).digest("hex").slice(0, 20)}`;

function partnerOf(t: ReportTenancy & { resident: ReportPerson }): Partner {
  const { firstName, lastName, company, name } = t.resident;
  const commercial = !lastName && !!company;
  const partner: Partner = {
    partnerPmnumber: partnerPmnumber(t.id),
    name: clean((commercial ? company : lastName) || name),
    commercial,
  };
  if (!commercial && firstName && clean(firstName)) partner.firstname = clean(firstName);
  return partner;
}

const byStart = (a: { validfrom: string }, b: { validfrom: string }) =>
  a.validfrom < b.validfrom ? -1 : a.validfrom > b.validfrom ? 1 : 0;

/**
 * Where a tenancy without a move-in starts in the report: the unit's `since` (the register's "Bestand
 * seit", else the start of the unit's oldest document period), or the tenancy's last day when it
 * ended before that (the resident lived there on that day at least). Null without a `since`.
 */
export function reportedStart(since: string | null, moveOut: string | null): string | null {
  if (since === null) return null;
  return moveOut !== null && moveOut < since ? moveOut : since;
}

/**
 * The unit's data set: its tenancies oldest first, each once. `since`: where a tenancy without a
 * move-in starts (`reportedStart`); null when the unit has none to stand behind, and then a unit
 * with such a tenancy has no data set at all (null: not reportable until a date is known).
 */
export function buildReport(unit: ReportUnit, history: ReportTenancy[], since: string | null): ReportBody | null {
  const partners: Partner[] = [];
  const billing: BillingContract[] = [];
  const information: InformationContract[] = [];
  for (const t of history) {
    if (t.erased && !t.vacancy) continue;
    if (!t.vacancy && !t.resident) continue;
    const validfrom = t.moveIn ?? reportedStart(since, t.moveOut);
    if (validfrom === null) return null;
    const period = { validfrom, validto: t.moveOut };
    if (!t.resident) {
      billing.push({ ...period, vacancy: true, billingrecipient: { owner: true } });
      continue;
    }
    const partner = partnerOf({ ...t, resident: t.resident });
    partners.push(partner);
    billing.push({ ...period, vacancy: false, billingrecipient: { partnerPmnumber: partner.partnerPmnumber } });
    information.push({ ...period, partnerPmnumber: partner.partnerPmnumber });
  }
  partners.sort((a, b) => (a.partnerPmnumber < b.partnerPmnumber ? -1 : 1));
  return {
    billingunitMscnumber: unit.billingunit,
    residentialunitMscnumber: unit.mscnumber,
    ...(unit.pmnumber && { residentialunitPmnumber: unit.pmnumber }),
    partners,
    billingcontracts: billing.sort(byStart),
    consumptioninformationcontracts: information.sort(byStart),
  };
}

/** The hash of a data set: the same body, the same hash (the body is built in one fixed key order). */
export const reportHash = (body: ReportBody) => createHash("sha256").update(JSON.stringify(body)).digest("hex");
