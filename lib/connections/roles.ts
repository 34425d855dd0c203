import type { Role } from "@/lib/db/schema/users";

/** Who works with their own connections: managers and admins (support never sees credentials). */
export const CONNECTION_ROLES: Role[] = ["manager", "admin"];
