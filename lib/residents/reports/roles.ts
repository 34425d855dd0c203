import { SUPPORT_ROLES } from "@/lib/auth/roles";
import type { Role } from "@/lib/db/schema/users";

/** Who reads a unit's report timeline: support (every register) and a manager (their own register). */
export const REPORT_TIMELINE_ROLES: readonly Role[] = [...SUPPORT_ROLES, "manager"];
