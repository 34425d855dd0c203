/**
 * Messages of the resident's consent to a digital channel in the register (lib/register/tenancies/consent.ts; German
 * first, English complete): the import's column `Einwilligung`, the page's written agreement.
 */
export const registerConsent = {
  de: {
    "unitsApi.row.badConsent":
      "Einwilligung „{value}“ nicht lesbar: zuerst das Datum der schriftlichen Einwilligung (TT.MM.JJJJ), dann ein Zeichen, etwa „12.03.2026 Formular Az. 17“.",
    "unitsApi.channel.writtenMissing":
      "Post, obwohl als Zustellweg {channel} angegeben ist: E-Mail oder Portal braucht die Einwilligung des Bewohners. Tragen Sie in der Spalte „Einwilligung“ Datum und Zeichen der schriftlichen Einwilligung ein, oder senden Sie den Brief mit dem Link zur Einwilligung.",
    "unitsApi.channel.objected":
      "Post, obwohl als Zustellweg {channel} angegeben ist: Der Bewohner hat der digitalen Zustellung widersprochen. Nur eine spätere Einwilligung gilt.",
    "tenancies.consentRequired":
      "Für E-Mail oder Portal braucht es die Einwilligung des Bewohners: Datum und Zeichen der schriftlichen Einwilligung, sonst gilt der Brief (mit dem Link zur Einwilligung).",
    "tenancies.consentObjected":
      "Der Bewohner hat der digitalen Zustellung am {at} widersprochen: Nur eine Einwilligung nach diesem Tag gilt.",
  },
  en: {
    "unitsApi.row.badConsent":
      "Consent “{value}” cannot be read: the day of the written agreement first (DD.MM.YYYY), then a reference, such as “12.03.2026 form ref. 17”.",
    "unitsApi.channel.writtenMissing":
      "Post although the delivery channel says {channel}: e-mail or portal needs the resident's consent. Enter the day and reference of the written agreement in the column “Einwilligung” (consent), or send the letter with the opt-in link.",
    "unitsApi.channel.objected":
      "Post although the delivery channel says {channel}: the resident objected to digital delivery. Only a later agreement counts.",
    "tenancies.consentRequired":
      "E-mail or portal needs the resident's consent: the day and reference of their written agreement; otherwise the letter applies (with the opt-in link).",
    "tenancies.consentObjected":
      "The resident objected to digital delivery on {at}: only an agreement after that day counts.",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    registerConsent: typeof registerConsent;
  }
}
