import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units } from "@/lib/db/schema/units";
import type { Merged } from "./merge";
import type { Planned } from "./plan";
import type { StoredUnit } from "./stored";

/** Runs one batch's statements in a transaction (lib/register/import.ts). */
export type Slice = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
import { nextTurn } from "./turns";

/**
 * The import's writes (lib/register/import.ts), under its lock: the changed units, then
 * their new and changed tenancies, in batches of WRITE_BATCH units, each batch through `slice` (the
 * import's transaction, or a short one of its own with the embedded database) with a turn between. A
 * unit or tenancy the plan found unchanged is not written, so its `updated_at` stays.
 */

/** Rows per statement: about 25 ms each with the embedded database. */
const WRITE_BATCH = 500;

async function writeUnits(tx: Db, p: Principal, rows: Record<string, string | null>[]) {
  await tx.execute(sql`
    INSERT INTO units AS u (id, team_id, unit_key, mscnumber, pmnumber, billingunit, property, address, label)
    SELECT x.id, ${p.teamId}::uuid, x.unit_key, x.mscnumber, x.pmnumber, x.billingunit, x.property, x.address, x.label
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, unit_key text,
      mscnumber text, pmnumber text, billingunit text, property text, address text, label text)
    ON CONFLICT (team_id, unit_key) DO UPDATE SET
      mscnumber = excluded.mscnumber, pmnumber = excluded.pmnumber, billingunit = excluded.billingunit,
      property = excluded.property, address = excluded.address, label = excluded.label, updated_at = now()`);
}

const tenancyRow = (unitId: string, t: Merged) => ({
  id: t.id ?? randomUUID(),
  unit_id: unitId,
  move_in: t.moveIn,
  move_out: t.moveOut,
  vacancy: t.vacancy,
  resident_name: t.resident?.name ?? null,
  salutation: t.resident?.salutation ?? null,
  first_name: t.resident?.firstName ?? null,
  last_name: t.resident?.lastName ?? null,
  company: t.resident?.company ?? null,
  resident_email: t.resident?.email ?? null,
  channel: t.resident?.channel ?? null,
  postal_address: t.resident?.postalAddress ?? null,
  contract: t.contract ?? null,
  // The consent behind a digital channel (lib/register/tenancies/consent.ts), as the merge found it.
  consent_channel: t.resident?.consent?.channel ?? null,
  consent_how: t.resident?.consent?.how ?? null,
  consent_reference: t.resident?.consent?.reference ?? null,
  // A day as UTC midnight, as the page's edits store it (./tenancies/edit.ts), whatever the session's time zone.
  consent_at: t.resident?.consent ? new Date(t.resident.consent.at).toISOString() : null,
});

/** New tenancies and changed ones (by id, only within their own unit: the WHERE holds it). */
async function writeTenancies(tx: Db, rows: ReturnType<typeof tenancyRow>[]) {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    if (i > 0) await nextTurn();
    await tx.execute(sql`
      INSERT INTO tenancies AS t (id, unit_id, move_in, move_out, vacancy, resident_name, salutation, first_name,
        last_name, company, resident_email, channel, postal_address, contract, consent_channel, consent_how,
        consent_reference, digital_consent_at)
      SELECT x.id, x.unit_id, x.move_in, x.move_out, x.vacancy, x.resident_name, x.salutation, x.first_name,
        x.last_name, x.company, x.resident_email, x.channel, x.postal_address, x.contract, x.consent_channel,
        x.consent_how, x.consent_reference, x.consent_at
      FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + WRITE_BATCH))}::jsonb) AS x(id uuid, unit_id uuid,
        move_in date, move_out date, vacancy boolean, resident_name text, salutation text, first_name text,
        last_name text, company text, resident_email text, channel text, postal_address text, contract text,
        consent_channel text, consent_how text, consent_reference text, consent_at timestamptz)
      ON CONFLICT (id) DO UPDATE SET
        move_in = excluded.move_in, move_out = excluded.move_out, vacancy = excluded.vacancy, contract = excluded.contract,
        resident_name = excluded.resident_name, salutation = excluded.salutation, first_name = excluded.first_name,
        last_name = excluded.last_name, company = excluded.company, resident_email = excluded.resident_email,
        channel = excluded.channel, postal_address = excluded.postal_address, updated_at = now(),
        consent_channel = excluded.consent_channel, consent_how = excluded.consent_how,
        consent_reference = excluded.consent_reference, digital_consent_at = excluded.digital_consent_at
      WHERE t.unit_id = excluded.unit_id`);
  }
}

/**
 * Removes the tenancies a file's history replaces (`history=replace`), by id and only within their
 * own unit, before the batch's new ones are written (a new one may take the days a removed one held).
 * Their hand-offs stay, without a tenancy (migration 0028); their portal links and assignments go.
 */
async function removeTenancies(tx: Db, rows: { id: string; unit_id: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    DELETE FROM tenancies t USING jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, unit_id uuid)
    WHERE t.id = x.id AND t.unit_id = x.unit_id`);
}

/**
 * Writes the changed units and their tenancies, WRITE_BATCH units at a time (each batch's
 * tenancies right after it, so their units exist): the rows of 100,000 units built at once held the
 * server's thread for seconds. How many tenancies were added, changed and removed, and the units written.
 */
export async function writeChanges(slice: Slice, owner: Principal, changes: Planned[]) {
  let added = 0;
  let written = 0;
  let removed = 0;
  const unitIds: string[] = [];
  for (let i = 0; i < changes.length; i += WRITE_BATCH) {
    if (i > 0) await nextTurn();
    const unitRows: Record<string, string | null>[] = [];
    const tenancyRows: ReturnType<typeof tenancyRow>[] = [];
    const removedRows: { id: string; unit_id: string }[] = [];
    for (const p of changes.slice(i, i + WRITE_BATCH)) {
      const id = p.existing?.id ?? randomUUID();
      unitRows.push({ id, unit_key: p.key, ...p.fields });
      unitIds.push(id);
      for (const t of [...p.inserts, ...p.updates]) tenancyRows.push(tenancyRow(id, t));
      for (const gone of p.deletes) removedRows.push({ id: gone, unit_id: id });
      added += p.inserts.length;
    }
    await slice(async (tx) => {
      await writeUnits(tx, owner, unitRows);
      await removeTenancies(tx, removedRows);
      await writeTenancies(tx, tenancyRows);
    });
    written += tenancyRows.length;
    removed += removedRows.length;
  }
  return { tenanciesAdded: added, tenanciesChanged: written - added, tenanciesRemoved: removed, unitIds };
}

/**
 * Deletes the units the file left out (found under the lock, so no other import adds one
 * meanwhile) by id in bounded batches, their tenancies with them; how many went.
 */
export async function deleteUnits(slice: Slice, owner: Principal, deleted: StoredUnit[]): Promise<number> {
  let count = 0;
  for (let i = 0; i < deleted.length; i += WRITE_BATCH) {
    if (i > 0) await nextTurn();
    const ids = deleted.slice(i, i + WRITE_BATCH).map((u) => u.id);
    const gone = await slice((tx) =>
      tx
        .delete(units)
        .where(and(eq(units.teamId, owner.teamId), inArray(units.id, ids)))
        .returning({ id: units.id }),
    );
    count += gone.length;
  }
  return count;
}
