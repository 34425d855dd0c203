import { installCatalogue, type MessageKey, type Messages } from "@/lib/i18n/messages";
import { auth } from "@/lib/auth/messages";
import { connections, connectionsPage } from "@/lib/connections/messages";
import { delivery, fileFacts, viewer } from "@/lib/delivery/messages";
import { deliveryPage, deliverySupport } from "@/lib/delivery/support/messages";
import { handoffInbox, handoffRuns, handoffs } from "@/lib/handoffs/messages";
import { portal } from "@/lib/handoffs/portal/messages";
import { mailboxMessages } from "@/lib/handoffs/replies/messages";
import { consentMessages } from "@/lib/handoffs/consent/messages";
import { common } from "@/lib/i18n/messages/common";
import { shell } from "@/lib/i18n/messages/shell";
import { states } from "@/lib/i18n/messages/states";
import { reports, reportsExplain } from "@/lib/onsite-roles/messages";
import { sandboxMail } from "@/lib/ops/messages";
import { outbox, outboxServer } from "@/lib/outbox/messages";
import { residentsErasure, unitHold, unitsServer } from "@/lib/register/messages";
import { registerConsent } from "@/lib/register/consent-messages";
import { tenancies, tenanciesPage } from "@/lib/register/tenancies/messages";
import { runs } from "@/lib/runs/messages";
import { teamsMessages } from "@/lib/teams/messages";
import { responsibilityMessages } from "@/lib/responsibility/messages";
import { releasesMessages } from "@/lib/releases/messages";
import { users } from "@/lib/users/messages";
import { deliveryNames } from "@/lib/views/completeness/messages";
import { handoffsMonth } from "@/lib/views/handoff-month/messages";
import { inbox } from "@/lib/views/inbox/messages";
import { monthRound } from "@/lib/views/month-round/messages";
import { handoffProof } from "@/lib/views/proof/messages";
import { unitsPage } from "@/lib/views/units-page/messages";

/**
 * The message catalogue: every feature's messages.ts and the shared tables of lib/i18n/messages/, joined (docs/
 * architecture.md, "Slices"). It stands above the features, so no feature imports it; it installs itself for
 * lib/i18n/messages.ts's `translate` when it is loaded: by lib/startup.ts, the root layout and the proxy.
 */
export const messages = {
  de: {
    ...common.de,
    ...states.de,
    ...auth.de,
    ...users.de,
    ...teamsMessages.de,
    ...responsibilityMessages.de,
    ...releasesMessages.de,
    ...connectionsPage.de,
    ...connections.de,
    ...delivery.de,
    ...viewer.de,
    ...deliverySupport.de,
    ...inbox.de,
    ...deliveryPage.de,
    ...fileFacts.de,
    ...outbox.de,
    ...outboxServer.de,
    ...unitsServer.de,
    ...unitsPage.de,
    ...deliveryNames.de,
    ...sandboxMail.de,
    ...handoffs.de,
    ...handoffsMonth.de,
    ...handoffProof.de,
    ...residentsErasure.de,
    ...unitHold.de,
    ...registerConsent.de,
    ...portal.de,
    ...mailboxMessages.de,
    ...consentMessages.de,
    ...handoffRuns.de,
    ...runs.de,
    ...handoffInbox.de,
    ...tenancies.de,
    ...tenanciesPage.de,
    ...reports.de,
    ...reportsExplain.de,
    ...shell.de,
    ...monthRound.de,
  },
  en: {
    ...common.en,
    ...states.en,
    ...auth.en,
    ...users.en,
    ...teamsMessages.en,
    ...responsibilityMessages.en,
    ...releasesMessages.en,
    ...connectionsPage.en,
    ...connections.en,
    ...delivery.en,
    ...viewer.en,
    ...deliverySupport.en,
    ...inbox.en,
    ...deliveryPage.en,
    ...fileFacts.en,
    ...outbox.en,
    ...outboxServer.en,
    ...unitsServer.en,
    ...unitsPage.en,
    ...deliveryNames.en,
    ...sandboxMail.en,
    ...handoffs.en,
    ...handoffsMonth.en,
    ...handoffProof.en,
    ...residentsErasure.en,
    ...unitHold.en,
    ...registerConsent.en,
    ...portal.en,
    ...mailboxMessages.en,
    ...consentMessages.en,
    ...handoffRuns.en,
    ...runs.en,
    ...handoffInbox.en,
    ...tenancies.en,
    ...tenanciesPage.en,
    ...reports.en,
    ...reportsExplain.en,
    ...shell.en,
    ...monthRound.en,
  },
};

// Every key of the tables' type in German and in English, and no other (German is the reference).
type Joined = keyof typeof messages.de;
const _german: Messages = messages.de;
const _english: Messages = messages.en;
const _noOther: [Joined] extends [MessageKey] ? true : false = true;
void [_german, _english, _noOther];

installCatalogue(messages);
