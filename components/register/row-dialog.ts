import type { Tenancy } from "@/lib/client/tenancies";
import type { Unit } from "@/lib/client/units";

/** What a register row opens: the unit's edit, a move, or one tenancy's dates (the row and its report's fixes). */
export type RowDialog =
  { kind: "edit"; unit: Unit } | { kind: "move"; unit: Unit } | { kind: "correct"; unit: Unit; tenancy: Tenancy };
