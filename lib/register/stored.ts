import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units, type UnitRow } from "@/lib/db/schema/units";
import { tenancyOn, type Tenancy, type TenancyResident } from "@/lib/register/tenancies/history";
import { readHistories } from "@/lib/register/tenancies/store";
import { today } from "@/lib/today";
import { holdNames, holdOf, type UnitHold } from "./hold";
import type { UnitFields } from "./rows";
import { nextTurn } from "./turns";
import { consentUrl } from "@/lib/register/tenancies/consent-links";

/** The last on-site-roles report of a unit to one connection (docs/api.md; filled by issue #36's reporting). */
export type UnitReport = {
  connectionId: string;
  state: "pending" | "accepted" | "rejected" | "unknown";
  at: string;
  transactionid?: string;
  messages?: { type: string; shortmessage: string; message: string }[];
  dueBy?: string;
  overdue: boolean;
  /** Attempts of the state being sent; `retrying`: an `unknown` one that will be sent again by itself. */
  attempts: number;
  retrying: boolean;
  /** The provider's HTTP status of the last answer (a 401 or 403 refusal says its credentials were refused). */
  status?: number;
  /** When the provider last accepted a state of this unit, also while a newer one is pending. */
  acceptedAt?: string;
};

/**
 * The unit's tenancy without a move-in (the oldest; a resident's, not erased) and where its reports
 * start (lib/onsite-roles/basis.ts): `since` the day, `basis` whence (`register`: "Bestand seit",
 * `documents`: the start of the unit's oldest document period); both null: the unit is not reported
 * until a move-in or "Bestand seit" is entered.
 */
export type UnknownMoveIn = { tenancyId: string; since: string | null; basis: "register" | "documents" | null };

/**
 * A unit of the register as the API answers it (docs/api.md, "The unit register"): its own fields,
 * the present resident (the tenancy that runs today), its history newest first, and its reports
 * (with `unknownMoveIn` where a resident's move-in is missing: `GET /api/units` only), and its legal hold (./hold.ts).
 */
export type StoredUnit = UnitFields & {
  id: string;
  resident: TenancyResident | null;
  tenancies: Tenancy[];
  reports: UnitReport[];
  unknownMoveIn?: UnknownMoveIn;
  hold: UnitHold | null;
  /**
   * The present resident's opt-in link while they have no consent (docs/api.md, "Consent"): what the month page
   * offers with the letters; null with a consent, without a resident, or without PUBLIC_URL.
   */
  optInUrl: string | null;
  updatedAt: string;
};

/** A unit's row with its history (newest first, as readHistories gives it); `names`: its hold's setter (./hold.ts). */
export function toUnit(row: UnitRow, history: Tenancy[], day = today(), names = new Map<string, string>()): StoredUnit {
  const present = tenancyOn(history, day);
  return {
    id: row.id,
    mscnumber: row.mscnumber,
    pmnumber: row.pmnumber,
    billingunit: row.billingunit,
    property: row.property,
    address: row.address,
    label: row.label,
    resident: present?.resident ?? null,
    tenancies: history,
    reports: [],
    hold: holdOf(row, names),
    optInUrl: present?.resident && !present.resident.consent ? (consentUrl("optIn", present.id) ?? null) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows of units as the API answers them, their histories read in one statement. */
export async function withHistories(db: Db, rows: UnitRow[]): Promise<StoredUnit[]> {
  const [histories, names] = await Promise.all([
    readHistories(
      db,
      rows.map((r) => r.id),
    ),
    holdNames(db, rows),
  ]);
  const day = today();
  return rows.map((r) => toUnit(r, histories.get(r.id) ?? [], day, names));
}

/** Units read per statement when the whole register is loaded: about 50 ms each with the embedded database. */
const LOAD_PAGE = 2000;

/**
 * The whole register of one user by key, with every unit's history: the import matches every row
 * against it. Read in pages by key, with a turn of the event loop between statements
 * (lib/register/turns.ts): one statement for 100,000 units held the server's thread for
 * seconds with the embedded database.
 */
export async function loadRegister(db: Db, p: Principal): Promise<Map<string, StoredUnit>> {
  const register = new Map<string, StoredUnit>();
  // Every key is `m:…` or `p:…`, so all of them sort after the empty string.
  let after = "";
  for (;;) {
    const rows = await db
      .select()
      .from(units)
      .where(and(eq(units.teamId, p.teamId), gt(units.unitKey, after)))
      .orderBy(asc(units.unitKey))
      .limit(LOAD_PAGE);
    if (rows.length > 0) {
      await nextTurn();
      const loaded = await withHistories(db, rows);
      rows.forEach((row, i) => register.set(row.unitKey, loaded[i]!));
    }
    if (rows.length < LOAD_PAGE) return register;
    after = rows.at(-1)!.unitKey;
    await nextTurn();
  }
}
