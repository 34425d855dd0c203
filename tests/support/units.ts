/** Helpers of the unit register's HTTP tests (tests/integration/units.test.ts, units-refusals.test.ts). */
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
      resident: { name: string; email: string; channel: string; postalAddress: string } | null;
    }[];
  };
};

/** The report without its list of changes. */
export const counts = ({ changes: _changes, ...rest }: Record<string, unknown>) => rest;
