import "server-only";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { isArchived, openArchived } from "@/lib/delivery/archive/read";
import { env } from "@/lib/env";
import { translate, type Locale, type MessageKey, type MessageVars } from "@/lib/i18n/messages";
import type { Channel } from "@/lib/lists/units";
import type { MailFailure } from "@/lib/mail/failure";
import { sendMail, type MailResult } from "@/lib/mail/send";
import { handoffMail } from "./email";
import { failureWords } from "./failure-words";
import { handOffByPortal } from "./portal-mail";
import { claimHandoff, finishHandoff, type Claim, type HandoffTarget } from "./record";
import { readSources, type HandoffSource } from "./targets";

/**
 * `POST /api/handoffs` (docs/api.md, "Hand-off to residents"): each asked document goes to the
 * present resident of its unit by that resident's channel, one after another, each reported as it
 * ends. Only archived bytes go out, as an attachment read from the archive (the hash the record
 * keeps); the intent is committed before the send (record.ts). A resident on the portal channel
 * is told by mail (portal-mail.ts); one on the post channel gets the property's printed letters
 * (print.ts), so here the document is reported `skipped`, saying so.
 */

export type HandoffLine = { connectionId: string; documentid: string; state: "sent" | "failed" | "skipped"; channel: Channel | null; message?: string };
export type HandoffTotals = { sent: number; failed: number; skipped: number };
type User = { id: string; email: string };

/** The largest file that goes out as an attachment or into a print (a UVI is a few hundred kilobytes; mail servers refuse far less than this). */
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

export async function archivedBytes(db: Db, sha256: string): Promise<Buffer | null> {
  const file = await openArchived(db, sha256);
  if (!file || file.bytes > MAX_ATTACHMENT_BYTES) return null;
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file.stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ATTACHMENT_BYTES) return null;
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** The stored reason of a failure: its kind, the SMTP code and the server's text (no address: lib/mail took it out). */
const reasonText = (f: MailFailure | { kind: "archive" }) => JSON.stringify(f);

const failureMessage = (f: MailFailure | { kind: "archive" }, locale: Locale) => failureWords(f, (key, vars) => translate(locale, key, vars));

/** Sends one document by e-mail to its resident once the intent is claimed; the line to report. */
async function handOffByMail(db: Db, user: User, source: HandoffSource, again: boolean, locale: Locale): Promise<HandoffLine> {
  const { connectionId, documentid } = source;
  const line = (state: HandoffLine["state"], key: MessageKey, vars?: MessageVars): HandoffLine => ({
    connectionId,
    documentid,
    state,
    channel: "email",
    message: translate(locale, key, vars),
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
    residentSince: unit.residentSince!,
    channel: "email" as const,
    sha256: source.sha256!,
  };
  const claimed = await claimHandoff(db, target, user.id, again);
  if ("held" in claimed) return line("skipped", "handoff.skip.already", { state: claimed.held.state });
  const bytes = await archivedBytes(db, target.sha256);
  const { subject, text } = await handoffMail(db, user.id, source, resident, mail.from);
  const result = bytes
    ? await sendMail({ to: resident.email, subject, text, attachments: [{ filename: source.filename, content: bytes, contentType: "application/pdf" }] })
    : ({ state: "failed", reason: { kind: "archive" } } as const);
  return recordSend(db, user, { target, claim: claimed.claim, result }, locale);
}

/**
 * A send's outcome on its claimed row, with its audit event (channel, state, attempt, hash, the
 * message id or reason, and `extra`: a channel's own facts); the line to report. Shared by the
 * e-mail and the portal channel (portal-mail.ts).
 */
export async function recordSend(
  db: Db,
  user: User,
  send: { target: HandoffTarget; claim: Claim; result: MailResult | { state: "failed"; reason: { kind: "archive" } } },
  locale: Locale,
  extra: Record<string, unknown> = {},
): Promise<HandoffLine> {
  const { target, claim, result } = send;
  const { connectionId, documentid, channel } = target;
  await finishHandoff(db, claim, result.state === "sent" ? result : { state: "failed", reason: reasonText(result.reason) });
  await recordEvent(db, {
    kind: "handoff",
    actor: actorOf(user),
    connectionId,
    documentid,
    detail: {
      channel,
      state: result.state,
      attempt: claim.attempts,
      sha256: target.sha256,
      ...extra,
      ...(result.state === "sent" ? { messageId: result.messageId } : { reason: result.reason }),
    },
  });
  if (result.state === "sent") return { connectionId, documentid, state: "sent", channel };
  return { connectionId, documentid, state: "failed", channel, message: failureMessage(result.reason, locale) };
}

/** Why a document cannot be handed off at all, before any intent: `undefined` when it can. */
async function refusal(db: Db, source: HandoffSource | undefined): Promise<[MessageKey, MessageVars?] | undefined> {
  if (!source) return ["handoff.skip.unknown"];
  if (!source.sha256 || !(await isArchived(db, source.sha256))) return ["handoff.skip.notArchived"];
  if (!source.unit) return ["handoff.skip.noUnit"];
  if (!source.unit.resident || !source.unit.residentSince) return ["handoff.skip.noResident"];
  if (source.unit.resident.channel === "post") return ["portal.skip.post", { property: source.unit.property ?? "–" }];
  return undefined;
}

export async function handOffMany(
  db: Db,
  user: User,
  input: { documents: { connectionId: string; documentid: string }[]; again: boolean },
  locale: Locale,
  onLine: (line: HandoffLine) => Promise<void> | void,
): Promise<HandoffTotals> {
  const totals: HandoffTotals = { sent: 0, failed: 0, skipped: 0 };
  const sources = await readSources(db, user.id, input.documents);
  const seen = new Set<string>();
  for (const asked of input.documents) {
    const key = `${asked.connectionId}\n${asked.documentid}`;
    // A document named twice in one request is handed off once.
    if (seen.has(key)) continue;
    seen.add(key);
    const source = sources.get(key);
    const refused = await refusal(db, source);
    const line: HandoffLine = refused
      ? { ...asked, state: "skipped", channel: source?.unit?.resident?.channel ?? null, message: translate(locale, refused[0], refused[1]) }
      : source!.unit!.resident!.channel === "portal"
        ? await handOffByPortal(db, user, source!, input.again, locale)
        : await handOffByMail(db, user, source!, input.again, locale);
    totals[line.state]++;
    await onLine(line);
  }
  return totals;
}
