import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { Channel } from "@/lib/register/list";
import type { HandoffOutcome } from "@/lib/handoffs/outcome";
import type { HandoffReason } from "@/lib/handoffs/reasons";
import type { HandoffSource } from "@/lib/handoffs/targets";

/**
 * One way of handing a document on to its resident (docs/api.md, "Hand-off to residents"): the e-mail with the
 * document (mail/channel.ts), the portal's notice (portal/channel.ts), the printed letter (print/channel.ts). many.ts
 * asks the resident's channel, through `channels` (channels.ts), first whether it takes the document at all, then,
 * once its bytes are archived, to hand it on: the intent claimed before the send (record.ts), the outcome recorded
 * (outcome.ts).
 */

/** A document's unit in the register, as the hand-off reads it (targets.ts). */
export type HandoffUnit = NonNullable<HandoffSource["unit"]>;

export type HandoffChannel = {
  name: Channel;
  /** Why the channel takes no document of `unit`'s resident, asked before any bytes are had or intent claimed. */
  refusal(unit: HandoffUnit): HandoffReason | undefined;
  /** Hands on one document whose bytes are archived (`ready.sha256`); `again`: also one handed on before. */
  handOff(db: Db, p: Principal, ready: HandoffSource, again: boolean): Promise<HandoffOutcome>;
};
