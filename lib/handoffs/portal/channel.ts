import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import type { HandoffChannel } from "@/lib/handoffs/channel";
import { sendMail } from "@/lib/handoffs/mail/send";
import { issueLink, linkState, markDelivered, needsFreshLink } from "@/lib/handoffs/portal/links";
import { portalMail, portalOrigin } from "@/lib/handoffs/portal/texts";
import { claimHandoff, type HandoffTarget } from "@/lib/handoffs/record";
import { objectionOfMail } from "@/lib/handoffs/consent/texts";
import { recordSend, type HandoffOutcome } from "@/lib/handoffs/outcome";
import type { HandoffSource } from "@/lib/handoffs/targets";

/**
 * `POST /api/handoffs` for a resident on the portal channel (docs/api.md, "The resident's portal and the printed
 * letters"): a mail saying the document is in the portal, claimed like an e-mail. A link not yet delivered is replaced
 * by a fresh one, since only its hash is kept; without an address the link goes by post (print.ts).
 */

async function handOffByPortal(db: Db, p: Principal, source: HandoffSource, again: boolean): Promise<HandoffOutcome> {
  const { connectionId, documentid } = source;
  const skipped = (key: MessageKey, vars?: MessageVars): HandoffOutcome => ({
    connectionId,
    documentid,
    state: "skipped",
    channel: "portal",
    reason: { key, vars },
  });
  const unit = source.unit!;
  const resident = unit.resident!;
  const mail = env().mail;
  if (!resident.email) return skipped("portal.skip.byLetter", { property: unit.property ?? "–" });
  if (!mail) return skipped("handoff.skip.mailOff");
  if (!env().linkOrigin) return skipped("portal.skip.noPublicUrl");
  const who = { unitId: unit.id, tenancyId: unit.tenancyId! };
  const link = await linkState(db, who);
  if (link === "revoked") return skipped("portal.skip.revoked");
  const target: HandoffTarget = {
    connectionId,
    documentid,
    unitKey: unit.key,
    unitId: unit.id,
    tenancyId: who.tenancyId,
    channel: "portal",
    sha256: source.sha256!,
  };
  const claimed = await claimHandoff(db, target, p, again);
  if ("held" in claimed) return skipped("handoff.skip.already", { state: claimed.held.state });
  const fresh = needsFreshLink(link) ? await issueLink(db, who, p.userId) : null;
  const url = fresh ? { url: `${portalOrigin()}/r/${fresh.token}`, expiresAt: fresh.expiresAt } : null;
  const notice = portalMail(source, resident, mail.from, url);
  // The notice carries the one-click objection as every resident mail does (docs/api.md, "Consent").
  const objection = objectionOfMail(who.tenancyId);
  const result = await sendMail({
    to: resident.email,
    ...notice,
    text: notice.text + (objection?.footer ?? ""),
    headers: objection?.headers,
  });
  if (fresh && result.state === "sent") await markDelivered(db, fresh.id, "email");
  return recordSend(db, p, { target, claim: claimed.claim, result }, { link: fresh ? "new" : "known" });
}

/** Every condition of the notice is checked once the bytes are archived (handOffByPortal), as before the channels. */
export const portalChannel: HandoffChannel = { name: "portal", refusal: () => undefined, handOff: handOffByPortal };
