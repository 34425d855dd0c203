import { MAX_MESSAGES, type DataSet, type OsrMessage, type Period } from "./schema";

/**
 * The plausibility checks of a v2 data set that parsed (docs/sandbox.md, "On-site-roles v2",
 * the validation catalogue). Dates are `YYYY-MM-DD`, so they compare as text; `validto` is the last
 * day (inclusive) and null or absent means open-ended.
 */

const error = (shortmessage: string, message: string): OsrMessage => ({ type: "error", message, shortmessage });
const END = "9999-12-31";
const endOf = (p: Period) => p.validto ?? END;
const overlap = (a: Period, b: Period) => a.validfrom <= endOf(b) && b.validfrom <= endOf(a);

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Reversed periods, then overlaps among the periods that are not reversed. */
function periodMessages(list: Period[], name: string): OsrMessage[] {
  const out: OsrMessage[] = [];
  list.forEach((p, i) => {
    if (p.validto && p.validto < p.validfrom) {
      out.push(error("PERIOD_REVERSED", `${name}.${i}: validto ${p.validto} is before validfrom ${p.validfrom}`));
    }
  });
  const sound = list.map((p, i) => ({ p, i })).filter(({ p }) => !(p.validto && p.validto < p.validfrom));
  for (const [n, a] of sound.entries()) {
    for (const b of sound.slice(n + 1)) {
      if (overlap(a.p, b.p)) out.push(error("PERIOD_OVERLAP", `${name}.${a.i} and ${name}.${b.i} overlap`));
    }
  }
  return out;
}

/** A warning for each day range between two billing contracts that no contract covers. */
function gapWarnings(list: Period[]): OsrMessage[] {
  const sorted = list.filter((p) => !(p.validto && p.validto < p.validfrom));
  sorted.sort((a, b) => (a.validfrom < b.validfrom ? -1 : 1));
  const out: OsrMessage[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    if (before.validto && nextDay(before.validto) < sorted[i]!.validfrom) {
      out.push({
        type: "warning",
        shortmessage: "GAP_BILLINGCONTRACTS",
        message: `no billing contract between ${before.validto} and ${sorted[i]!.validfrom}`,
      });
    }
  }
  return out;
}

function partnerMessages(set: DataSet): OsrMessage[] {
  const out: OsrMessage[] = [];
  const known = new Set<string>();
  set.partners.forEach((p, i) => {
    if (known.has(p.partnerPmnumber)) {
      out.push(error("DUPLICATE_PARTNER", `partners.${i}: partnerPmnumber "${p.partnerPmnumber}" is given twice`));
    }
    known.add(p.partnerPmnumber);
  });
  const unknown = (path: string, id: string) =>
    error("UNKNOWN_PARTNER", `${path}: partnerPmnumber "${id}" names no partner of this data set`);
  set.billingcontracts.forEach((c, i) => {
    const path = `billingcontracts.${i}.billingrecipient`;
    const id = c.billingrecipient.partnerPmnumber;
    if (id && !known.has(id)) out.push(unknown(path, id));
    if (!id && !c.billingrecipient.owner) {
      out.push(error("BILLINGRECIPIENT_MISSING", `${path}: name a partner, or the owner (owner: true)`));
    }
    if (c.vacancy && !c.billingrecipient.owner) {
      out.push(error("VACANCY_RECIPIENT_NOT_OWNER", `${path}: a vacancy is billed to the owner (owner: true)`));
    }
  });
  set.consumptioninformationcontracts.forEach((c, i) => {
    if (!known.has(c.partnerPmnumber)) out.push(unknown(`consumptioninformationcontracts.${i}`, c.partnerPmnumber));
  });
  return out;
}

function vacancyMessages(set: DataSet): OsrMessage[] {
  const out: OsrMessage[] = [];
  set.billingcontracts.forEach((b, i) => {
    if (!b.vacancy) return;
    set.consumptioninformationcontracts.forEach((c, j) => {
      if (overlap(b, c)) {
        out.push(
          error(
            "VACANCY_WITH_CONSUMPTION_INFORMATION",
            `billingcontracts.${i} is a vacancy while consumptioninformationcontracts.${j} runs`,
          ),
        );
      }
    });
  });
  return out;
}

/** The `terminateall…` markers: a date with its flag, a flag with its date, no contract starting after it. */
function terminationMessages(flag: boolean | undefined, at: string | null | undefined, list: Period[], name: string) {
  const out: OsrMessage[] = [];
  const field = `terminateall${name}`;
  if (flag && !at) out.push(error("TERMINATION_DATE_MISSING", `${field} is true: ${field}at is required`));
  if (!flag && at) out.push(error("TERMINATION_FLAG_MISSING", `${field}at is given: ${field} must be true`));
  if (flag && at) {
    list.forEach((c, i) => {
      if (c.validfrom > at) {
        out.push(error("CONTRACT_AFTER_TERMINATION", `${name}.${i} starts after ${field}at ${at}`));
      }
    });
  }
  return out;
}

/** Every message for a data set sent to `billingunit`/`unit`: errors refuse it, warnings do not. */
export function validateDataSet(set: DataSet, billingunit: string, unit: string): OsrMessage[] {
  const out: OsrMessage[] = [];
  if (set.billingunitMscnumber !== billingunit) {
    out.push(
      error("BILLINGUNIT_MISMATCH", `billingunitMscnumber "${set.billingunitMscnumber}" differs from the path's`),
    );
  }
  if (set.residentialunitMscnumber !== unit) {
    out.push(
      error(
        "RESIDENTIALUNIT_MISMATCH",
        `residentialunitMscnumber "${set.residentialunitMscnumber}" differs from the path's`,
      ),
    );
  }
  out.push(...partnerMessages(set));
  out.push(...periodMessages(set.billingcontracts, "billingcontracts"));
  out.push(...periodMessages(set.consumptioninformationcontracts, "consumptioninformationcontracts"));
  out.push(...vacancyMessages(set));
  const { terminateallbillingcontracts: b, terminateallbillingcontractsat: bAt } = set;
  const { terminateallconsumptioninformationcontracts: c, terminateallconsumptioninformationcontractsat: cAt } = set;
  out.push(...terminationMessages(b, bAt, set.billingcontracts, "billingcontracts"));
  out.push(...terminationMessages(c, cAt, set.consumptioninformationcontracts, "consumptioninformationcontracts"));
  out.push(...gapWarnings(set.billingcontracts));
  return out.slice(0, MAX_MESSAGES);
}
