import type { Tenancy } from "@/lib/register/tenancies/client";
import type { Unit } from "@/lib/views/units-page/client";

/**
 * What a register row opens: the unit's edit, a move, its legal hold, or one tenancy's dates (the row and its
 * report's fixes).
 */
export type RowDialog =
  | { kind: "edit"; unit: Unit }
  | { kind: "move"; unit: Unit }
  | { kind: "hold"; unit: Unit }
  | { kind: "correct"; unit: Unit; tenancy: Tenancy };
