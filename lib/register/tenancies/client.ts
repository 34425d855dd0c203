import type { Tenancy } from "@/lib/register/tenancies/history";
import type { CorrectInput, MoveInput } from "@/lib/register/tenancies/schemas";
import { fetchJson } from "@/lib/client/fetch-json";
import type { StoredUnit as Unit } from "@/lib/register/stored";

/**
 * The browser's side of a unit's tenancies (docs/api.md, "The unit register"): a move or a vacancy
 * ("Mieterwechsel erfassen") and corrected dates. Both answer the unit's history, newest first.
 */
export type { Tenancy };
export type MoveBody = MoveInput;
export type CorrectBody = CorrectInput;

/** A unit of the list with its history; an answer without `tenancies` counts as none. */
export type UnitWithHistory = Omit<Unit, "tenancies"> & { tenancies?: Tenancy[] };
export const historyOf = (unit: Unit): Tenancy[] => (unit as UnitWithHistory).tenancies ?? [];

export const recordMove = (unitId: string, body: MoveBody) =>
  fetchJson<Tenancy[]>(`/api/units/${unitId}/tenancies`, { method: "POST", body: JSON.stringify(body) });

export const correctTenancy = (unitId: string, tenancyId: string, body: CorrectBody) =>
  fetchJson<Tenancy[]>(`/api/units/${unitId}/tenancies/${tenancyId}`, { method: "PATCH", body: JSON.stringify(body) });
