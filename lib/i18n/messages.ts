import { auth } from "./messages/auth";
import { common } from "./messages/common";
import { connections } from "./messages/connections";
import { connectionsPage } from "./messages/connections-page";
import { delivery } from "./messages/delivery";
import { deliveryNames } from "./messages/delivery-names";
import { deliveryPage } from "./messages/delivery-page";
import { deliverySupport } from "./messages/delivery-support";
import { inbox } from "./messages/inbox";
import { fileFacts } from "./messages/file-facts";
import { handoffs } from "./messages/handoffs";
import { handoffsMonth } from "./messages/handoffs-month";
import { handoffProof } from "./messages/handoff-proof";
import { handoffRuns } from "./messages/handoff-runs";
import { runs } from "./messages/runs";
import { handoffInbox } from "./messages/handoff-inbox";
import { outbox } from "./messages/outbox";
import { outboxServer } from "./messages/outbox-server";
import { portal } from "./messages/portal";
import { reports } from "./messages/reports";
import { reportsExplain } from "./messages/reports-explain";
import { sandboxMail } from "./messages/sandbox-mail";
import { residentsErasure } from "./messages/residents-erasure";
import { shell } from "./messages/shell";
import { monthRound } from "./messages/month-round";
import { states } from "./messages/states";
import { tenancies } from "./messages/tenancies";
import { tenanciesPage } from "./messages/tenancies-page";
import { unitsPage } from "./messages/units-page";
import { unitsServer } from "./messages/units-server";
import { users } from "./messages/users";
import { viewer } from "./messages/viewer";

/** Every feature keeps its messages in its own file under messages/; this joins them. */
export const messages = {
  de: {
    ...common.de,
    ...states.de,
    ...auth.de,
    ...users.de,
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
    ...portal.de,
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
    ...portal.en,
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

export const LOCALES = ["de", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Where a page is read: its language and the display time zone (an IANA name such as Europe/Berlin; lib/format.ts
 * formats for it).
 */
export type Display = { locale: Locale; timeZone: string };
export type MessageKey = keyof (typeof messages)["de"];
export type Messages = Record<MessageKey, string>;

// German is the reference: English must have exactly the same keys.
const _englishComplete: Record<MessageKey, string> = messages.en;
void _englishComplete;

export type MessageVars = Record<string, string | number>;

export function format(template: string, vars?: MessageVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translate(locale: Locale, key: MessageKey, vars?: MessageVars): string {
  return format(messages[locale][key] ?? messages.de[key], vars);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages.de, value);
}

export function isLocale(value: unknown): value is Locale {
  return value === "de" || value === "en";
}

/** The first supported language of an Accept-Language header, by quality; German otherwise. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return "de";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: (tag ?? "").toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.lang).find(isLocale) ?? "de";
}
