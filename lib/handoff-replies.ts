import { z } from "zod";

/**
 * A reply read back from the sender's mailbox (lib/handoffs/replies; docs/api.md, "Bounces") as the units' answers carry
 * it: its kinds for the database column (lib/db/schema/handoff-replies.ts) and its shape for the register's answers
 * (lib/register/openapi.ts) and one unit's (lib/views/units-page), below both, which import nothing of each other.
 */

export const REPLY_KINDS = ["autoReply", "reply"] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

/** A reply as the unit's answers show it: for the unit's team only. */
export type UnitReply = { at: string; kind: ReplyKind; subject: string; text: string };

export const ReplyAnswer = z
  .object({
    at: z.string().meta({ format: "date-time", description: "its Date (else when the mailbox received it)" }),
    kind: z.enum(REPLY_KINDS).meta({ description: "`autoReply`: a machine answered; `reply`: the resident" }),
    subject: z.string(),
    text: z.string().meta({ description: "the plain text, at most 4000 characters (HTML as text, no attachment)" }),
  })
  .meta({ description: "a reply to an e-mail hand-off, newest first; personal data, erased with the resident's" });

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<UnitReply, z.output<typeof ReplyAnswer>>;
void check;
