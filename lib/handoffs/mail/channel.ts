import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import type { HandoffChannel } from "@/lib/handoffs/channel";
import { sendMail } from "@/lib/handoffs/mail/send";
import { handoffMail } from "@/lib/handoffs/mail/text";
import { archivedBytes, recordSend, type HandoffOutcome } from "@/lib/handoffs/outcome";
import { claimHandoff } from "@/lib/handoffs/record";
import { objectionOfMail } from "@/lib/handoffs/consent/texts";
import type { HandoffSource } from "@/lib/handoffs/targets";

/**
 * `POST /api/handoffs` for a resident on the e-mail channel (docs/api.md, "Hand-off to residents"): the archived
 * document attached to a mail in the user's words (text.ts), sent once the intent is claimed (lib/handoffs/record.ts).
 */

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
  // Every resident mail with a document carries the one-click objection (docs/api.md, "Consent").
  const objection = objectionOfMail(target.tenancyId);
  const result = bytes
    ? await sendMail({
        to: resident.email,
        subject,
        text: text + (objection?.footer ?? ""),
        headers: objection?.headers,
        attachments: [{ filename: source.filename, content: bytes, contentType: "application/pdf" }],
      })
    : ({ state: "failed", reason: { kind: "archive" } } as const);
  return recordSend(db, p, { target, claim: claimed.claim, result });
}

/** Every condition of the mail is checked once the bytes are archived (handOffByMail), as before the channels. */
export const mailChannel: HandoffChannel = { name: "email", refusal: () => undefined, handOff: handOffByMail };
