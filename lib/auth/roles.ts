import type { Role } from "@/lib/db/schema/users";

/**
 * Who reads support's delivery record: support and admins (every user's documents, read-only).
 * The routes, the delivery page, the record's own check and the OpenAPI description read this one list.
 */
export const SUPPORT_ROLES = ["support", "admin"] as const satisfies readonly Role[];

export const isSupportRole = (role: Role): boolean => (SUPPORT_ROLES as readonly Role[]).includes(role);
