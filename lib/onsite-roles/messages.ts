/**
 * Messages of the on-site-roles reports (issue #36): the register's column and its "Meldungen offen"
 * list, support's reports and a unit's timeline, and the routes' errors. German first, English complete.
 */
export const reports = {
  de: {
    "reportsApi.notFound": "Diese Nutzeinheit gibt es nicht.",
    "reports.col": "Meldung an Messdienst",
    "reports.listLabel": "Meldungen der Nutzeinheit {unit}",
    "reports.pending": "Wird gemeldet …",
    "reports.accepted": "Gemeldet und angenommen am {at}",
    "reports.transaction": "Transaktions-ID {id}",
    "reports.lastAccepted": "Zuletzt angenommen am {at}",
    "reports.retrying": "Keine Antwort, wird erneut gesendet (Versuch {attempts} von {max})",
    "reports.gaveUp":
      "Keine Antwort nach {max} Versuchen. Wird nach der nächsten Änderung oder neuen Zugangsdaten erneut gesendet.",
    "reports.rejected":
      "Der Messdienst hat die Meldung abgelehnt. Sie wird nach der nächsten Änderung erneut gesendet.",
    "reports.rejectedAuth":
      "Der Messdienst hat die Zugangsdaten abgelehnt (HTTP {status}). Nach einer Korrektur der Zugangsdaten unter „Verbindungen“ wird erneut gesendet.",
    "reports.messagesLabel": "Meldungen des Messdienstes",
    "reports.dueBy": "Fällig bis {day}",
    "reports.overdue": "Überfällig (fällig bis {day})",
    "reports.noBillingunit":
      "Nicht meldbar: Die Abrechnungseinheit fehlt. Tragen Sie sie mit „Bearbeiten“ ein oder importieren Sie die Spalte „Abrechnungseinheit“.",
    "reports.notYet": "Noch nicht gemeldet",
    "reports.filter": "Meldungen",
    "reports.filterAll": "Alle Nutzeinheiten",
    "reports.filterOpen": "Meldungen offen",
    "reports.openTitle": "Offene Meldungen",
    "reports.openIntro":
      "Nutzeinheiten, deren Meldung der Messdienst noch nicht angenommen hat. Ein Wechsel in einem abgelaufenen Monat muss bis zum dritten Werktag danach angenommen sein.",
    "reports.openCounts": "{property}: {open} offen, davon {due} fällig, {overdue} überfällig",
    "reports.noProperty": "Ohne Liegenschaft",
    "reports.openNone": "Keine offenen Meldungen.",
    "reports.showProperty": "{property} anzeigen",
    "reports.support.view": "Meldungen",
    "reports.support.title": "Meldungen an Messdienste",
    "reports.support.intro":
      "Die Meldungen der Bewohnerwechsel (on-site-roles) aller Verzeichnisse je Nutzeinheit, ohne Namen von Bewohnern.",
    "reports.support.q": "Nutzeinheit, HV-Nr. oder Abrechnungseinheit",
    "reports.support.state": "Stand",
    "reports.support.stateAll": "Alle",
    "reports.support.stateOpen": "Nicht angenommen",
    "reports.support.search": "Suchen",
    "reports.support.caption": "Gemeldete Nutzeinheiten {first} bis {last} von {count}",
    "reports.support.empty": "Keine gemeldeten Nutzeinheiten gefunden.",
    "reports.support.unit": "Nutzeinheit",
    "reports.support.owner": "Verwaltung",
    "reports.support.reports": "Meldungen",
    "reports.support.open": "Verlauf von {unit} öffnen",
    "reports.support.loadFailed": "Die Meldungen konnten nicht geladen werden: {reason}",
    "reports.timeline.title": "Meldungen der Nutzeinheit {unit}",
    "reports.timeline.back": "Zurück zu den Meldungen",
    "reports.timeline.facts": "Nutzeinheit {unit} · Abrechnungseinheit {billingunit} · Verwaltung {owner}",
    "reports.timeline.none": "Diese Nutzeinheit wurde noch an keinen Messdienst gemeldet.",
    "reports.timeline.connection": "An {connection}",
    "reports.timeline.deleted": "(Verbindung gelöscht)",
    "reports.timeline.now": "Stand: {state}",
    "reports.timeline.stepsLabel": "Verlauf der Meldungen an {connection}, ältester zuerst",
    "reports.event.queued.change": "Vorgemerkt: der Stand der Nutzeinheit hat sich geändert",
    "reports.event.queued.connection": "Vorgemerkt: die Meldeadresse der Verbindung wurde eingetragen",
    "reports.event.queued.sync": "Vorgemerkt: die erste Synchronisierung brachte Dokumente dieser Nutzeinheit",
    "reports.event.queued.credentials": "Erneut vorgemerkt: die Zugangsdaten wurden geändert",
    "reports.event.sent": "Gesendet (Versuch {attempt})",
    "reports.event.accepted": "Angenommen, Transaktions-ID {id}",
    "reports.event.rejected": "Abgelehnt (HTTP {status})",
    "reports.event.unknown": "Keine Antwort ({reason}); nächster Versuch {next}",
    "reports.event.unknownLast": "Keine Antwort ({reason}); kein Versuch mehr",
    "reports.event.dropped": "Verworfen: die Verbindung meldet nicht mehr oder die Nutzeinheit ist nicht meldbar",
    "reports.state.pending": "wird gemeldet",
    "reports.state.accepted": "angenommen",
    "reports.state.rejected": "abgelehnt",
    "reports.state.unknown": "keine Antwort",
    "reports.state.none": "verworfen",
  },
  en: {
    "reportsApi.notFound": "This usage unit does not exist.",
    "reports.col": "Report to provider",
    "reports.listLabel": "Reports of usage unit {unit}",
    "reports.pending": "Being reported …",
    "reports.accepted": "Reported and accepted on {at}",
    "reports.transaction": "Transaction id {id}",
    "reports.lastAccepted": "Last accepted on {at}",
    "reports.retrying": "No answer, will be sent again (attempt {attempts} of {max})",
    "reports.gaveUp": "No answer after {max} attempts. Sent again after the next change or new credentials.",
    "reports.rejected": "The provider refused the report. It is sent again after the next change.",
    "reports.rejectedAuth":
      "The provider refused the credentials (HTTP {status}). Sent again once the credentials are corrected under “Connections”.",
    "reports.messagesLabel": "The provider's messages",
    "reports.dueBy": "Due by {day}",
    "reports.overdue": "Overdue (due by {day})",
    "reports.noBillingunit":
      "Cannot be reported: the billing unit is missing. Enter it with “Edit” or import the column “Abrechnungseinheit”.",
    "reports.notYet": "Not reported yet",
    "reports.filter": "Reports",
    "reports.filterAll": "All usage units",
    "reports.filterOpen": "Reports open",
    "reports.openTitle": "Open reports",
    "reports.openIntro":
      "Usage units whose report the provider has not accepted yet. A change in a month that has ended must be accepted by the third working day after it.",
    "reports.openCounts": "{property}: {open} open, of which {due} due, {overdue} overdue",
    "reports.noProperty": "No property",
    "reports.openNone": "No open reports.",
    "reports.showProperty": "Show {property}",
    "reports.support.view": "Reports",
    "reports.support.title": "Reports to providers",
    "reports.support.intro":
      "The reports of resident changes (on-site-roles) of every register, per usage unit, without residents' names.",
    "reports.support.q": "Usage unit, PM number or billing unit",
    "reports.support.state": "State",
    "reports.support.stateAll": "All",
    "reports.support.stateOpen": "Not accepted",
    "reports.support.search": "Search",
    "reports.support.caption": "Reported usage units {first} to {last} of {count}",
    "reports.support.empty": "No reported usage units found.",
    "reports.support.unit": "Usage unit",
    "reports.support.owner": "Manager",
    "reports.support.reports": "Reports",
    "reports.support.open": "Open the timeline of {unit}",
    "reports.support.loadFailed": "The reports could not be loaded: {reason}",
    "reports.timeline.title": "Reports of usage unit {unit}",
    "reports.timeline.back": "Back to the reports",
    "reports.timeline.facts": "Usage unit {unit} · billing unit {billingunit} · manager {owner}",
    "reports.timeline.none": "This usage unit has not been reported to any provider yet.",
    "reports.timeline.connection": "To {connection}",
    "reports.timeline.deleted": "(connection deleted)",
    "reports.timeline.now": "Now: {state}",
    "reports.timeline.stepsLabel": "Reports to {connection}, oldest first",
    "reports.event.queued.change": "Queued: the unit's state changed",
    "reports.event.queued.connection": "Queued: the connection's reporting address was entered",
    "reports.event.queued.sync": "Queued: the first sync brought documents of this unit",
    "reports.event.queued.credentials": "Queued again: the credentials were changed",
    "reports.event.sent": "Sent (attempt {attempt})",
    "reports.event.accepted": "Accepted, transaction id {id}",
    "reports.event.rejected": "Refused (HTTP {status})",
    "reports.event.unknown": "No answer ({reason}); next attempt {next}",
    "reports.event.unknownLast": "No answer ({reason}); no attempt left",
    "reports.event.dropped": "Dropped: the connection no longer reports or the unit cannot be reported",
    "reports.state.pending": "being reported",
    "reports.state.accepted": "accepted",
    "reports.state.rejected": "refused",
    "reports.state.unknown": "no answer",
    "reports.state.none": "dropped",
  },
} as const;

/**
 * The provider's answers to on-site-roles reports explained (issue #50, lib/onsite-roles/explain.ts):
 * per code what it means and what to do, the register's "Bestand seit" and the residents without a
 * move-in. German first, English complete.
 */
export const reportsExplain = {
  de: {
    "reports.explain.label": "Was der Messdienst bemängelt",
    "reports.explain.code": "Code des Messdienstes:",
    "reports.explain.providerText": "Text des Messdienstes: {text}",
    "reports.explain.what.PERIOD_REVERSED": "Ein gemeldeter Zeitraum endet vor seinem Beginn.",
    "reports.explain.what.PERIOD_OVERLAP": "Zwei gemeldete Zeiträume überschneiden sich.",
    "reports.explain.what.VACANCY_WITH_CONSUMPTION_INFORMATION":
      "Ein Leerstand überschneidet sich mit der Zeit eines Bewohners.",
    "reports.explain.moveIn":
      "Der Einzug von {name} fehlt im Verzeichnis. Tragen Sie den Einzug von {name} ein; danach wird erneut gemeldet.",
    "reports.explain.dates":
      "Prüfen Sie Einzug und Auszug im Verlauf dieser Nutzeinheit und korrigieren Sie sie mit „Daten korrigieren“; danach wird erneut gemeldet.",
    "reports.explain.gap":
      "Zwischen zwei Belegungen liegt eine Zeit ohne Bewohner und ohne Leerstand. Die Meldung wurde trotzdem angenommen; tragen Sie für diese Zeit einen Leerstand ein, wenn die Wohnung leer stand.",
    "reports.explain.numbers":
      "Der Messdienst kennt Nutzeinheit {unit} in Abrechnungseinheit {billingunit} nicht. Prüfen Sie beide Nummern mit „Bearbeiten“; stimmen sie, muss der Messdienst die Nutzeinheit erst anlegen.",
    "reports.explain.tooLong":
      "Ein Wert ist länger, als der Messdienst annimmt (etwa ein sehr langer Name). Kürzen Sie ihn mit „Bearbeiten“.",
    "reports.explain.tooMuch":
      "Die Nutzeinheit hat mehr Belegungen, als der Messdienst in einer Meldung annimmt. Fragen Sie den Messdienst mit dem Code nach seiner Grenze.",
    "reports.explain.credentials":
      "Der Messdienst hat die Zugangsdaten der Verbindung abgelehnt. Prüfen Sie sie in den Einstellungen der Verbindung; danach wird erneut gemeldet.",
    "reports.explain.ours":
      "Die Meldung war anders aufgebaut, als der Messdienst sie erwartet. Das liegt nicht an Ihren Daten: Bitte melden Sie es mit dem Code dem Support.",
    "reports.explain.unknown":
      "Der Messdienst hat die Meldung mit dem Code {code} abgelehnt. Prüfen Sie die Daten der Nutzeinheit; hilft das nicht, fragen Sie den Messdienst nach diesem Code.",
    "reports.explain.unknownWarning":
      "Der Messdienst hat die Meldung angenommen und einen Hinweis mit dem Code {code} gegeben.",
    "reports.explain.enterMoveIn": "Einzug von {name} eintragen",
    "reports.explain.edit": "Nutzeinheit {unit} bearbeiten",
    "reports.explain.connection": "Verbindung öffnen",
    "reports.event.queued.since": "Vorgemerkt: „Bestand seit“ des Verzeichnisses wurde geändert",
    "reports.event.queued.documents": "Vorgemerkt: ältere Dokumente der Nutzeinheit verschieben den Beginn ohne Einzug",
    "reports.event.queued.recomputed": "Vorgemerkt: der neu berechnete Stand weicht vom gemeldeten ab",
    "units.moveInUnknown.reported": "Einzug unbekannt: gemeldet ab {day} ({basis})",
    "units.moveInUnknown.notReported":
      "Einzug unbekannt: nicht meldbar. Tragen Sie den Einzug oder „Bestand seit“ ein.",
    "units.moveInUnknown.basis.register": "Bestand seit",
    "units.moveInUnknown.basis.documents": "ältestes Dokument",
    "units.since.title": "Bestand seit",
    "units.since.intro":
      "Seit wann das Verzeichnis seine Bewohner kennt. Bewohner ohne Einzug werden den Messdiensten ab diesem Tag gemeldet; ohne Angabe ab dem Beginn des ältesten Dokuments der Nutzeinheit, nie ab dem Tag der Meldung.",
    "units.since.label": "Bestand seit",
    "units.since.hint": "Leer lassen: ab dem ältesten Dokument der Nutzeinheit.",
    "units.since.save": "Speichern",
    "units.since.saved": "„Bestand seit“ gespeichert. Betroffene Nutzeinheiten werden erneut gemeldet.",
    "units.since.cleared": "„Bestand seit“ entfernt. Gemeldet wird ab dem ältesten Dokument der Nutzeinheit.",
    "units.since.missing": "{n} Nutzeinheiten mit Bewohnern ohne Einzug",
    "units.since.missingOne": "1 Nutzeinheit mit einem Bewohner ohne Einzug",
    "units.since.showMissing": "Anzeigen",
    "units.since.loadFailed": "„Bestand seit“ konnte nicht geladen werden: {reason}",
  },
  en: {
    "reports.explain.label": "What the provider objects to",
    "reports.explain.code": "Provider's code:",
    "reports.explain.providerText": "Provider's text: {text}",
    "reports.explain.what.PERIOD_REVERSED": "A reported period ends before it starts.",
    "reports.explain.what.PERIOD_OVERLAP": "Two reported periods overlap.",
    "reports.explain.what.VACANCY_WITH_CONSUMPTION_INFORMATION": "A vacancy overlaps with a resident's time.",
    "reports.explain.moveIn":
      "The register lacks the move-in of {name}. Enter the move-in of {name}; the unit is then reported again.",
    "reports.explain.dates":
      "Check the move-in and move-out dates in this unit's history and correct them with “Correct dates”; the unit is then reported again.",
    "reports.explain.gap":
      "Between two tenancies lies a time without a resident and without a vacancy. The report was accepted anyway; enter a vacancy for that time if the flat stood empty.",
    "reports.explain.numbers":
      "The provider does not know usage unit {unit} in billing unit {billingunit}. Check both numbers with “Edit”; if they are right, the provider has to create the unit first.",
    "reports.explain.tooLong":
      "A value is longer than the provider accepts (a very long name, say). Shorten it with “Edit”.",
    "reports.explain.tooMuch":
      "The unit has more tenancies than the provider accepts in one report. Ask the provider about its limit, quoting the code.",
    "reports.explain.credentials":
      "The provider refused the connection's credentials. Check them in the connection's settings; the unit is then reported again.",
    "reports.explain.ours":
      "The report was built differently from what the provider expects. This is not about your data: please report it to support with the code.",
    "reports.explain.unknown":
      "The provider refused the report with the code {code}. Check the unit's data; if that does not help, ask the provider about this code.",
    "reports.explain.unknownWarning": "The provider accepted the report with a note, code {code}.",
    "reports.explain.enterMoveIn": "Enter the move-in of {name}",
    "reports.explain.edit": "Edit usage unit {unit}",
    "reports.explain.connection": "Open the connection",
    "reports.event.queued.since": "Queued: the register's “On record since” was changed",
    "reports.event.queued.documents": "Queued: older documents of the unit move the start without a move-in",
    "reports.event.queued.recomputed": "Queued: the state built again differs from the one reported",
    "units.moveInUnknown.reported": "Move-in unknown: reported from {day} ({basis})",
    "units.moveInUnknown.notReported": "Move-in unknown: cannot be reported. Enter the move-in or “On record since”.",
    "units.moveInUnknown.basis.register": "on record since",
    "units.moveInUnknown.basis.documents": "oldest document",
    "units.since.title": "On record since",
    "units.since.intro":
      "Since when the register knows its residents. Residents without a move-in are reported to providers from this day; without it, from the start of the unit's oldest document, never from the day of the report.",
    "units.since.label": "On record since",
    "units.since.hint": "Leave empty: from the unit's oldest document.",
    "units.since.save": "Save",
    "units.since.saved": "“On record since” saved. The units concerned are reported again.",
    "units.since.cleared": "“On record since” removed. Units are reported from their oldest document.",
    "units.since.missing": "{n} usage units with residents without a move-in",
    "units.since.missingOne": "1 usage unit with a resident without a move-in",
    "units.since.showMissing": "Show",
    "units.since.loadFailed": "“On record since” could not be loaded: {reason}",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    reports: typeof reports;
    reportsExplain: typeof reportsExplain;
  }
}
