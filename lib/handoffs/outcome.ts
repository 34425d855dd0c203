import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { openArchived } from "@/lib/archive/read";
import type { Channel } from "@/lib/register/list";
import type { MailFailure } from "@/lib/handoffs/mail/failure";
import type { MailResult } from "@/lib/handoffs/mail/send";
import type { HandoffReason } from "@/lib/handoffs/reasons";
import { finishHandoff, type Claim, type HandoffTarget } from "@/lib/handoffs/record";

/**
 * What every channel of the hand-off shares once a document is claimed (mail/channel.ts, portal/channel.ts,
 * print/print.ts): the archived bytes that go out, and the outcome on the record with its audit event
 * and the line reported for it.
 */

/** A document's outcome as it is answered and listed: `message` in the reader's words, `filename` where it is known. */
export type HandoffLine = {
  connectionId: string;
  documentid: string;
  state: "sent" | "failed" | "skipped";
  channel: Channel | null;
  message?: string;
  filename?: string;
};
/** A document's outcome as the run makes and keeps it: why it was skipped or failed as a code (reasons.ts). */
export type HandoffOutcome = Omit<HandoffLine, "message" | "filename"> & { reason?: HandoffReason };
/**
 * The largest file that goes out as an attachment or into a print (a UVI is a few hundred kilobytes; mail servers
 * refuse far less than this).
 */
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

/**
 * The stored reason of a failure: its kind, the SMTP code and the server's text (no address: lib/handoffs/mail took it
 * out).
 */
const reasonText = (f: MailFailure | { kind: "archive" }) => JSON.stringify(f);

/**
 * A send's outcome on its claimed row, with its audit event (channel, state, attempt, hash, the
 * message id or reason, and `extra`: a channel's own facts); the line to report. Shared by the
 * e-mail and the portal channel (mail/channel.ts, portal/channel.ts).
 */
export async function recordSend(
  db: Db,
  p: Principal,
  send: { target: HandoffTarget; claim: Claim; result: MailResult | { state: "failed"; reason: { kind: "archive" } } },
  extra: Record<string, unknown> = {},
): Promise<HandoffOutcome> {
  const { target, claim, result } = send;
  const { connectionId, documentid, channel } = target;
  await finishHandoff(
    db,
    claim,
    result.state === "sent" ? result : { state: "failed", reason: reasonText(result.reason) },
  );
  await recordEvent(db, {
    kind: "handoff",
    actor: principalActor(p),
    connectionId,
    documentid,
    detail: {
      channel,
      state: result.state,
      attempt: claim.attempts,
      sha256: target.sha256,
      tenancy: target.tenancyId,
      ...extra,
      ...(result.state === "sent" ? { messageId: result.messageId } : { reason: result.reason }),
    },
  });
  if (result.state === "sent") return { connectionId, documentid, state: "sent", channel };
  return { connectionId, documentid, state: "failed", channel, reason: { failure: result.reason } };
}
