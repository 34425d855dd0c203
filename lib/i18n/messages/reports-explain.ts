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
