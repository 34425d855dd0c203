import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/handoffs/mail/send";
import { handoffMail } from "@/lib/handoffs/mail/text";
import { archivedBytes, recordSend, type HandoffOutcome } from "@/lib/handoffs/outcome";
import { handOffByPortal } from "@/lib/handoffs/portal/mail";
import { claimHandoff } from "@/lib/handoffs/record";
import { archiveFirst } from "@/lib/handoffs/archive-first";
import { readSources, type HandoffSource } from "@/lib/handoffs/targets";
import { hasTenancies } from "@/lib/register/tenancies/store";
import type { RecipientKind } from "@/lib/register/tenancies/recipient";

/**
 * `POST /api/handoffs` (docs/api.md, "Hand-off to residents"): each document to the resident of its period (the one
 * rule), by their channel (post is `skipped`: print.ts). Only archived bytes go out (archive-first.ts archives them),
 * the intent committed before the send (record.ts): what went out is proven and never sent twice unasked.
 */

/** `cancelled`: the documents a cancel stopped the run before (never begun, not handed on). */
export type HandoffTotals = { sent: number; failed: number; skipped: number; cancelled: number };

/** Sends one document by e-mail to its resident once the intent is claimed; the line to report. */
async function handOffByMail(db: Db, p: Principal, source: HandoffSource, again: boolean): Promise<HandoffOutcome> {
  const { connectionId, documentid } = source;
  const line = (state: HandoffOutcome["state"], key: MessageKey, vars?: MessageVars): HandoffOutcome => ({
    connectionId,
    documentid,
    state,
    channel: "email",
    reason: { key, vars },
  });
  const unit = source.unit!;
  const resident = unit.resident!;
  const mail = env().mail;
  if (!resident.email) return line("skipped", "handoff.skip.noEmail");
  if (!mail) return line("skipped", "handoff.skip.mailOff");
  const target = {
    connectionId,
    documentid,
    unitKey: unit.key,
    unitId: unit.id,
    tenancyId: unit.tenancyId!,
    channel: "email" as const,
    sha256: source.sha256!,
  };
  const claimed = await claimHandoff(db, target, p, again);
  if ("held" in claimed) return line("skipped", "handoff.skip.already", { state: claimed.held.state });
  const bytes = await archivedBytes(db, target.sha256);
  const { subject, text } = await handoffMail(db, p, source, resident, mail.from);
  const result = bytes
    ? await sendMail({
        to: resident.email,
        subject,
        text,
        attachments: [{ filename: source.filename, content: bytes, contentType: "application/pdf" }],
      })
    : ({ state: "failed", reason: { kind: "archive" } } as const);
  return recordSend(db, p, { target, claim: claimed.claim, result });
}

/** Why the rule hands a document to nobody (lib/register/tenancies/recipient.ts). */
const NOBODY: Partial<Record<RecipientKind, MessageKey>> = {
  change: "handoff.skip.change",
  uncovered: "handoff.skip.uncovered",
  vacancy: "handoff.skip.vacancy",
  none: "handoff.skip.none",
  noPeriod: "handoff.skip.noPeriod",
};

/** Why a document cannot be handed off at all, before its bytes are had and any intent: `undefined` when it can. */
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
  if (unit.resident.channel === "post") return ["portal.skip.post", { property: unit.property ?? "–" }];
  return undefined;
}

/** One document: refused with its reason, else its bytes archived (fetched when needed), then sent by its channel. */
async function handOffOne(
  db: Db,
  p: Principal,
  input: { asked: { connectionId: string; documentid: string }; source: HandoffSource | undefined; again: boolean },
): Promise<HandoffOutcome> {
  const { asked, source } = input;
  const channel = source?.unit?.resident?.channel ?? null;
  const refused = await refusal(db, source);
  if (refused) return { ...asked, state: "skipped", channel, reason: { key: refused[0], vars: refused[1] } };
  const archived = await archiveFirst(db, p, source!);
  if ("refused" in archived) return { ...asked, state: "failed", channel, reason: { key: archived.refused } };
  const ready = { ...source!, sha256: archived.sha256 };
  return channel === "portal" ? handOffByPortal(db, p, ready, input.again) : handOffByMail(db, p, ready, input.again);
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
