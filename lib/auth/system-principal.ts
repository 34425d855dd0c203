import "server-only";
import type { Role } from "@/lib/db/schema/users";
import { makePrincipal, type Principal } from "./principal";

/**
 * A principal for work done on a user's behalf outside a request: the command line, the startup jobs (the
 * scheduler's syncs, the report sender acting for a connection's owner) and tests. Routes and pages never
 * make one (eslint.config.mjs forbids app/ and components/ to import this file): theirs comes from the
 * session through lib/api/handler.ts or lib/auth/pages.ts.
 */
export function systemPrincipalFor(user: { id: string; role: Role; teamId: string; email?: string }): Principal {
  return makePrincipal({ userId: user.id, role: user.role, teamId: user.teamId, email: user.email ?? "", name: "" });
}

/**
 * The principal of a user whose data is worked on after an access check made for someone else: a job acting for a
 * connection's owner (the report sender after a sync), or support's read-only view of one user's month (the proof).
 */
export function ownerPrincipal(owner: {
  id: string;
  role: Role;
  teamId: string;
  email: string;
  name?: string;
}): Principal {
  return makePrincipal({
    userId: owner.id,
    role: owner.role,
    teamId: owner.teamId,
    email: owner.email,
    name: owner.name ?? "",
  });
}
