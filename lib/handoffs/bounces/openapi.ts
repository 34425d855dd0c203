import { z } from "zod";
import { json, type ApiOperation } from "@/lib/api/operation";
import type { MailboxRound } from "./reader";

/** The OpenAPI entries of the mailbox read back (docs/api.md, "Bounces"). */

const Counts = {
  read: z.number().int().meta({ description: "messages read and flagged \\Seen" }),
  bounced: z.number().int().meta({ description: "hand-offs marked `bounced`" }),
  replies: z.number().int().meta({ description: "replies kept on their hand-off's unit" }),
  left: z.number().int().meta({ description: "messages left unread for a person (a reply of no hand-off)" }),
};
const RoundAnswer = z.discriminatedUnion("state", [
  z.object({ state: z.literal("read"), ...Counts }),
  z.object({ state: z.literal("failed"), reason: z.string() }),
  z.object({ state: z.literal("busy") }).meta({ description: "another instance holds the reader's lease" }),
  z.object({ state: z.literal("off") }).meta({ description: "no mailbox to read (MAIL_IMAP_URL unset)" }),
]);

export const MAILBOX_OPERATIONS: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/admin/mailbox/read",
    tag: "documents",
    summary: "Read the sender's mailbox now: one round of the bounce and reply reader",
    access: ["admin"],
    description:
      "What the reader does every MAIL_READ_INTERVAL_SECONDS, now: delivery status notifications mark their hand-offs `bounced`, replies are kept on their units. A round under way is awaited and its outcome answered. Counts only, never an address or a text.",
    answers: [{ status: 200, description: "the round's outcome", content: json(RoundAnswer) }],
  },
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<MailboxRound, z.output<typeof RoundAnswer>>;
void check;
