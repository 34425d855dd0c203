/** Helpers of the unit register's HTTP tests (tests/integration/residents/units.test.ts, units-refusals.test.ts). */
import assert from "node:assert/strict";
import { api, type Session } from "./session";

/** PUT /api/units: a register file as `type` (CSV by default), with `query` (e.g. `?dryRun=1`). */
export const put = (who: Session, base: string, body: Uint8Array | string, query = "", type = "text/csv") =>
  api(who, base, `/api/units${query}`, {
    method: "PUT",
    body: typeof body === "string" ? body : Buffer.from(body),
    headers: { "content-type": type, origin: base },
  });

/** GET /api/units (with `query`), which must answer 200. */
export const list = async (who: Session, base: string, query = "") => {
  const res = await api(who, base, `/api/units${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body as {
    count: number;
    units: {
      id: string;
      mscnumber: string;
      property: string;
      label: string;
      updatedAt: string;
      resident: Resident | null;
      tenancies: {
        id: string;
        moveIn: string | null;
        moveOut: string | null;
        vacancy: boolean;
        resident: Resident | null;
      }[];
    }[];
  };
};

type Resident = {
  name: string;
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  email: string | null;
  channel: string;
  postalAddress: string | null;
  /** The consent behind a digital channel (lib/register/tenancies/consent.ts), null for the letter. */
  consent: { channel: string; at: string; how: string; reference: string | null } | null;
  objectedAt: string | null;
};

/** The report without its list of changes, its preview and its unused columns. */
export const counts = ({
  changes: _changes,
  preview: _preview,
  unusedColumns: _unused,
  ...rest
}: Record<string, unknown>) => rest;

/** A resident as the register answers it, from the parts that matter to a test. */
export const resident = (r: Partial<Resident> & { name: string; channel: string }): Resident => ({
  salutation: null,
  firstName: null,
  lastName: null,
  company: null,
  email: null,
  postalAddress: null,
  consent: null,
  objectedAt: null,
  ...r,
});

/**
 * POST /api/units/{id}/tenancies: a move into unit `unitId` on `moveIn`, by an e-mail resident with their written
 * agreement to e-mail dated the day of the move; it must answer 201.
 */
export async function recordMove(
  who: Session,
  base: string,
  unitId: string,
  moveIn: string,
  name: { firstName: string; lastName: string; email: string },
): Promise<void> {
  const move = await api(who, base, `/api/units/${unitId}/tenancies`, {
    method: "POST",
    json: { moveIn, resident: { ...name, channel: "email", consent: { at: moveIn, reference: "Mietvertrag §12" } } },
  });
  assert.equal(move.status, 201, move.text);
}
