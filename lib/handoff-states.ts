/**
 * How a resident gets the monthly consumption information, and what became of a hand-off: the database columns
 * (lib/db/schema/tenancies.ts, lib/db/schema/handoffs.ts), the register's list (lib/register/list.ts), the hand-off
 * record's list (lib/handoffs/list.ts) and the pages read them; no imports, so the browser loads them without the schema.
 */

/** How a resident gets the monthly consumption information (§6a HeizkostenV: post unless they chose digital). */
export const CHANNELS = ["email", "portal", "post"] as const;
export type Channel = (typeof CHANNELS)[number];

export const HANDOFF_STATES = [
  "pending",
  "sent",
  "failed",
  "unknown",
  "printed",
  "posted",
  "opened",
  "bounced",
] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];
