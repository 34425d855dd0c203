import "server-only";
import type { Role } from "@/lib/db/schema/users";
import type { CurrentUser } from "./session";

/** Held only by a value made here: no object literal, no bare id has it. */
declare const principalMark: unique symbol;

/**
 * Who asks: the scope every function of lib/ that reads or writes a user's data takes as a parameter, so a
 * query called without it does not type-check: the user, their role and their team (issue #46). What the team keeps
 * (the register and what hangs off it, the runs) is asked by `teamId`; what stays a user's own (their connections'
 * secrets, their sign-ins) by `userId`. The team is read with the session at every request, so a user moved to
 * another team reaches the old one's data no more from their next request on.
 *
 * Made in two places only: `principalOf` here, for the route wrapper (lib/api/handler.ts) and the pages' helper
 * (lib/auth/pages.ts), and lib/auth/system-principal.ts for work outside a request (`systemPrincipalFor`,
 * `ownerPrincipal`), which app/ and components/ may not import (eslint.config.mjs). tests/unit/principal.test.ts
 * holds the rule.
 */
export type Principal = {
  readonly userId: string;
  readonly role: Role;
  readonly teamId: string;
  /** For the audit trail's actor; empty for a job acting for a user. */
  readonly email: string;
  /** For what is signed in the user's name (a printed letter's sender); empty for a job. */
  readonly name: string;
  readonly [principalMark]: true;
};

/** The one place a principal is made; the two makers below are its only callers. */
export function makePrincipal(fields: {
  userId: string;
  role: Role;
  teamId: string;
  email: string;
  name: string;
}): Principal {
  return Object.freeze({
    userId: fields.userId,
    role: fields.role,
    teamId: fields.teamId,
    email: fields.email,
    name: fields.name,
  }) as Principal;
}

/** The signed-in user as the scope of what they ask for (the route wrapper and the pages' helper). */
export function principalOf(user: CurrentUser): Principal {
  return makePrincipal({ userId: user.id, role: user.role, teamId: user.teamId, email: user.email, name: user.name });
}
