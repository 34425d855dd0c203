import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * The mailbox reader's health, kept on its lease's row (migration 0050) so that every instance sees it, whichever read
 * last: when a round last read the mailbox, since when rounds fail and why, in a word (an IMAP or socket code; never an
 * address, a password or a message's text). Shown to admins in `GET /api/ready`'s detail and on the connections page
 * (docs/api.md, "Bounces").
 */

export const LEASE = "bounces";

/** `failing`: rounds fail since `since` (`reason` a word); `ok`: the last round read the mailbox; `unknown`: none yet. */
export type MailboxHealth =
  | { state: "ok"; readAt: string }
  | { state: "failing"; since: string; reason: string; readAt: string | null }
  | { state: "unknown" };

/** A round read the mailbox: whether rounds failed before it. */
export async function healthOk(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ before: boolean }>(
    await db.execute(sql`UPDATE mail_read_lease n SET read_ok_at = now(), failing_since = NULL, failing_reason = NULL
      FROM mail_read_lease o WHERE n.name = ${LEASE} AND o.name = n.name
      RETURNING o.failing_since IS NOT NULL AS before`),
  );
  return row?.before === true;
}

/** A round failed for `reason`: whether it failed before too (then `since` stays). */
export async function healthFailed(db: Db, reason: string): Promise<boolean> {
  const [row] = rowsOf<{ before: boolean }>(
    await db.execute(sql`UPDATE mail_read_lease n SET failing_since = coalesce(o.failing_since, now()),
        failing_reason = ${reason.slice(0, 40)}
      FROM mail_read_lease o WHERE n.name = ${LEASE} AND o.name = n.name
      RETURNING o.failing_since IS NOT NULL AS before`),
  );
  return row?.before === true;
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** The reader's health as the last round left it. */
export async function mailboxHealth(db: Db): Promise<MailboxHealth> {
  const [row] = rowsOf<{ read_ok_at: unknown; failing_since: unknown; failing_reason: string | null }>(
    await db.execute(sql`SELECT read_ok_at, failing_since, failing_reason FROM mail_read_lease WHERE name = ${LEASE}`),
  );
  const since = iso(row?.failing_since);
  if (since) return { state: "failing", since, reason: row?.failing_reason ?? "error", readAt: iso(row?.read_ok_at) };
  const readAt = iso(row?.read_ok_at);
  return readAt ? { state: "ok", readAt } : { state: "unknown" };
}

/** The reader as a check of `GET /api/ready`'s detail: `warn` while rounds fail, `off` without a mailbox to read. */
export type MailboxCheck =
  | { status: "ok"; readAt: string }
  | { status: "warn"; since: string; reason: string; readAt: string | null }
  | { status: "unknown" }
  | { status: "off" };

export async function mailboxCheck(db: Db, configured: boolean): Promise<MailboxCheck> {
  if (!configured) return { status: "off" };
  const health = await mailboxHealth(db);
  if (health.state === "failing") {
    const { state: _state, ...rest } = health;
    return { status: "warn", ...rest };
  }
  return health.state === "ok" ? { status: "ok", readAt: health.readAt } : { status: "unknown" };
}

/** The sender's mailbox reader as a check of `GET /api/ready`'s detail (`mailboxCheck` above). */
export const MailboxCheckAnswer = z
  .union([
    z.object({ status: z.literal("ok"), readAt: z.string().meta({ format: "date-time" }) }),
    z.object({
      status: z.literal("warn"),
      since: z.string().meta({ format: "date-time" }),
      reason: z.string().meta({ description: "a word: the IMAP or socket code (e.g. `ECONNREFUSED`, `NoConnection`)" }),
      readAt: z.string().meta({ format: "date-time" }).nullable(),
    }),
    z.object({ status: z.literal("unknown") }),
    z.object({ status: z.literal("off") }),
  ])
  .meta({
    description:
      "`warn`: the sender's mailbox cannot be read since `since`: bounces and replies are not seen; `ok`: `readAt` the last round; `unknown`: no round yet; `off`: no mailbox set",
  });

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<MailboxCheck, z.output<typeof MailboxCheckAnswer>>;
void check;
