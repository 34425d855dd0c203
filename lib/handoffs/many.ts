import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import { archiveFirst } from "@/lib/handoffs/archive-first";
import { channels } from "@/lib/handoffs/channels";
import type { HandoffOutcome } from "@/lib/handoffs/outcome";
import { readSources, type HandoffSource } from "@/lib/handoffs/targets";
import { hasTenancies } from "@/lib/register/tenancies/store";
import type { RecipientKind } from "@/lib/register/tenancies/recipient";

/**
 * `POST /api/handoffs` (docs/api.md, "Hand-off to residents"): each document to the resident of its period (the one
 * rule), by their channel (channel.ts: e-mail, the portal's notice; post is `skipped`, its letters are print/print.ts).
 * Only archived bytes go out (archive-first.ts archives them), the intent committed before the send (record.ts): what
 * went out is proven and never sent twice unasked.
 */

/** `cancelled`: the documents a cancel stopped the run before (never begun, not handed on). */
export type HandoffTotals = { sent: number; failed: number; skipped: number; cancelled: number };

/** Why the rule hands a document to nobody (lib/register/tenancies/recipient.ts). */
const NOBODY: Partial<Record<RecipientKind, MessageKey>> = {
  change: "handoff.skip.change",
  uncovered: "handoff.skip.uncovered",
  vacancy: "handoff.skip.vacancy",
  none: "handoff.skip.none",
  noPeriod: "handoff.skip.noPeriod",
};

/** Why a document cannot be handed off to anyone, before its bytes are had and any intent: `undefined` when it can. */
async function refusal(db: Db, source: HandoffSource | undefined): Promise<[MessageKey, MessageVars?] | undefined> {
  if (!source) return ["handoff.skip.unknown"];
  if (source.billing) return ["handoff.skip.property"];
  const unit = source.unit;
  if (!unit) return ["handoff.skip.noUnit"];
  const nobody = NOBODY[unit.recipient];
  if (nobody)
    return unit.recipient === "uncovered" && !(await hasTenancies(db, unit.id))
      ? ["handoff.skip.noResident"]
      : [nobody];
  if (!unit.tenancyId) return ["handoff.skip.noResident"];
  if (!unit.resident) return ["handoff.skip.erased"];
  return undefined;
}

/**
 * One document: refused with its reason (the rule's, then its channel's), else its bytes archived (fetched when
 * needed), then handed on by its channel.
 */
async function handOffOne(
  db: Db,
  p: Principal,
  input: { asked: { connectionId: string; documentid: string }; source: HandoffSource | undefined; again: boolean },
): Promise<HandoffOutcome> {
  const { asked, source } = input;
  const channel = source?.unit?.resident?.channel ?? null;
  const refused = await refusal(db, source);
  if (refused) return { ...asked, state: "skipped", channel, reason: { key: refused[0], vars: refused[1] } };
  // The resident's channel may refuse before the bytes are had (post: the letters are printed for the property).
  const unit = source!.unit!;
  const by = channels[unit.resident!.channel];
  const declined = by.refusal(unit);
  if (declined) return { ...asked, state: "skipped", channel, reason: declined };
  const archived = await archiveFirst(db, p, source!);
  if ("refused" in archived) return { ...asked, state: "failed", channel, reason: { key: archived.refused } };
  return by.handOff(db, p, { ...source!, sha256: archived.sha256 }, input.again);
}

/**
 * Hands each document off in turn, giving `onLine` its line. Once `stopped()` says so (a cancel), the documents not yet
 * begun are counted `cancelled` and left alone; the one under way finishes and is reported first.
 */
export async function handOffMany(
  db: Db,
  p: Principal,
  input: { documents: { connectionId: string; documentid: string }[]; again: boolean },
  onLine: (line: HandoffOutcome) => Promise<void> | void,
  stopped: () => boolean = () => false,
): Promise<HandoffTotals> {
  const totals: HandoffTotals = { sent: 0, failed: 0, skipped: 0, cancelled: 0 };
  const sources = await readSources(db, p, input.documents);
  const seen = new Set<string>();
  for (const asked of input.documents) {
    const key = `${asked.connectionId}\n${asked.documentid}`;
    // A document named twice in one request is handed off once.
    if (seen.has(key)) continue;
    seen.add(key);
    if (stopped()) {
      totals.cancelled++;
      continue;
    }
    const line = await handOffOne(db, p, { asked, source: sources.get(key), again: input.again });
    totals[line.state]++;
    await onLine(line);
  }
  return totals;
}
