/**
 * Messages of lib/register/tenancies: who receives a document by the one rule, moves, vacancies
 * and assignments (German first, English complete).
 */
export const tenancies = {
  de: {
    "handoff.skip.change":
      "Im Zeitraum dieses Dokuments hat der Bewohner gewechselt. Ordnen Sie es in der Monatsübersicht einem Bewohner zu oder vermerken Sie, dass keine Weitergabe nötig ist.",
    "handoff.skip.uncovered":
      "Für den Zeitraum dieses Dokuments ist kein Mietverhältnis eingetragen. Tragen Sie den Bewohner mit Einzugsdatum ein oder ordnen Sie das Dokument in der Monatsübersicht zu.",
    "handoff.skip.vacancy": "Die Nutzeinheit stand im Zeitraum dieses Dokuments leer: Eine Weitergabe ist nicht nötig.",
    "handoff.skip.none": "Für dieses Dokument ist vermerkt, dass keine Weitergabe nötig ist.",
    "handoff.skip.noPeriod":
      "Das Dokument nennt keinen Zeitraum. Ordnen Sie es in der Monatsübersicht einem Bewohner zu.",
    "handoff.skip.erased": "Die Daten des Bewohners dieses Zeitraums sind gelöscht.",
    "tenancies.assign.covered":
      "Dieses Dokument gehört bereits dem Bewohner seines ganzen Zeitraums; eine Zuordnung ist nur bei einem Mieterwechsel oder Leerstand im Zeitraum möglich.",
    "tenancies.assign.handedOn":
      "Das Dokument ist bereits an den zugeordneten Bewohner weitergegeben; die Entscheidung bleibt Teil des Nachweises.",
    "tenancies.assign.notOfUnit":
      "Dieses Mietverhältnis gehört nicht zur Nutzeinheit des Dokuments (oder ist ein Leerstand).",
    "handoffEvent.assigned": "Einem Bewohner des Zeitraums zugeordnet (Mieterwechsel oder Leerstand im Zeitraum)",
    "handoffEvent.noHandoff": "Vermerkt: keine Weitergabe nötig",
    "handoffEvent.unassigned": "Zuordnung aufgehoben",
    "tenancies.reversed": "Der Auszug liegt vor dem Einzug.",
    "tenancies.overlap":
      "Die Zeiträume überschneiden sich mit einem anderen Mietverhältnis dieser Nutzeinheit. Korrigieren Sie zuerst dessen Daten.",
    "tenancies.noMoveIn": "Nur das erste Mietverhältnis einer Nutzeinheit darf ohne Einzugsdatum sein.",
    "tenancies.badDay": "Dieses Datum gibt es nicht.",
    "tenancies.dayForm": "Bitte das Datum als JJJJ-MM-TT angeben (z. B. 2026-10-01).",
    "tenancies.dayYears": "Das Verzeichnis kennt nur Daten der Jahre {first} bis {last}.",
    "handoffMonth.seeAssignment": "je nach Zeitraum (siehe Zuordnung)",
    "tenancies.vacancy": "Leerstand",
    "tenancies.erased": "Bewohner (Daten gelöscht)",
    "tenancies.from": "ab {date}",
    "tenancies.until": "bis {date}",
    "tenancies.always": "seit vor dem ersten Dokument",
    "tenancies.inPeriod": "Wer im Zeitraum dort wohnte",
    "tenancies.decidedBy": "Entschieden von {by} am {at}",
    "tenancies.undo": "Entscheidung aufheben",
    "tenancies.assignTo": "Dokument {file} zuordnen an",
    "tenancies.noHandoff": "Keine Weitergabe nötig",
    "tenancies.assign": "Zuordnen",
    "tenancies.assignFailed": "Die Zuordnung wurde nicht gespeichert: {reason}",
    "inbox.handoff.toAssign": "Zuordnung nötig (Mieterwechsel oder Leerstand)",
    "inbox.handoff.notNeeded": "Keine Weitergabe nötig",
    "inbox.handoff.vacancy": "Leerstand: keine Weitergabe nötig",
    "handoffMonth.status.change": "Mieterwechsel im Zeitraum",
    "handoffMonth.status.uncovered": "Leerstand oder kein Mietverhältnis im Zeitraum",
    "handoffMonth.status.noPeriod": "Ohne Zeitraum",
    "handoffMonth.status.vacancy": "Leerstand: keine Weitergabe nötig",
    "handoffMonth.status.notNeeded": "Keine Weitergabe nötig (entschieden)",
    "handoffMonth.status.erased": "Bewohnerdaten gelöscht",
  },
  en: {
    "handoff.skip.change":
      "The resident changed within this document's period. Assign it to a resident in the monthly view, or note that no hand-off is needed.",
    "handoff.skip.uncovered":
      "No tenancy is registered for this document's period. Enter the resident with a move-in date, or assign the document in the monthly view.",
    "handoff.skip.vacancy": "The unit was vacant during this document's period: no hand-off is needed.",
    "handoff.skip.none": "This document is marked as needing no hand-off.",
    "handoff.skip.noPeriod": "The document names no period. Assign it to a resident in the monthly view.",
    "handoff.skip.erased": "The data of this period's resident has been erased.",
    "tenancies.assign.covered":
      "This document already belongs to the resident of its whole period; assigning is only possible with a change of resident or a vacancy in the period.",
    "tenancies.assign.handedOn":
      "The document has already been handed to the assigned resident; the decision stays part of the proof.",
    "tenancies.assign.notOfUnit": "This tenancy does not belong to the document's unit (or is a vacancy).",
    "handoffEvent.assigned": "Assigned to a resident of the period (change of resident or vacancy in the period)",
    "handoffEvent.noHandoff": "Noted: no hand-off needed",
    "handoffEvent.unassigned": "Assignment undone",
    "tenancies.reversed": "The move-out lies before the move-in.",
    "tenancies.overlap": "The periods overlap another tenancy of this unit. Correct its dates first.",
    "tenancies.noMoveIn": "Only a unit's first tenancy may be without a move-in date.",
    "tenancies.badDay": "This date does not exist.",
    "tenancies.dayForm": "Please give the date as YYYY-MM-DD (e.g. 2026-10-01).",
    "tenancies.dayYears": "The register only knows dates of the years {first} to {last}.",
    "handoffMonth.seeAssignment": "depends on the period (see assignment)",
    "tenancies.vacancy": "Vacancy",
    "tenancies.erased": "Resident (data erased)",
    "tenancies.from": "from {date}",
    "tenancies.until": "until {date}",
    "tenancies.always": "since before the first document",
    "tenancies.inPeriod": "Who lived there during the period",
    "tenancies.decidedBy": "Decided by {by} on {at}",
    "tenancies.undo": "Undo the decision",
    "tenancies.assignTo": "Assign document {file} to",
    "tenancies.noHandoff": "No hand-off needed",
    "tenancies.assign": "Assign",
    "tenancies.assignFailed": "The assignment was not saved: {reason}",
    "inbox.handoff.toAssign": "Needs assigning (change of resident or vacancy)",
    "inbox.handoff.notNeeded": "No hand-off needed",
    "inbox.handoff.vacancy": "Vacancy: no hand-off needed",
    "handoffMonth.status.change": "Change of resident in the period",
    "handoffMonth.status.uncovered": "Vacant or no tenancy in the period",
    "handoffMonth.status.noPeriod": "No period",
    "handoffMonth.status.vacancy": "Vacancy: no hand-off needed",
    "handoffMonth.status.notNeeded": "No hand-off needed (decided)",
    "handoffMonth.status.erased": "Resident's data erased",
  },
} as const;

/**
 * Messages of the register page's tenancies (components/register): the history, "Mieterwechsel
 * erfassen", corrected dates, and what the unit's edit no longer does (German first, English complete).
 */
export const tenanciesPage = {
  de: {
    "tenancyPage.history": "Verlauf ({n})",
    "tenancyPage.historyLabel": "Mietverhältnisse der Nutzeinheit {unit}, neuestes zuerst",
    "tenancyPage.noHistory": "Noch kein Mietverhältnis erfasst.",
    "tenancyPage.vacancy": "Leerstand",
    "tenancyPage.erased": "Daten gelöscht",
    "tenancyPage.moveIn": "Einzug",
    "tenancyPage.moveOut": "Auszug",
    "tenancyPage.moveInUnknown": "seit vor dem ersten Dokument",
    "tenancyPage.stillThere": "wohnt dort",
    "tenancyPage.vacancyRuns": "dauert an",
    "tenancyPage.correct": "Daten korrigieren",
    "tenancyPage.correctLabel": "Daten korrigieren: {who}, Einzug {moveIn}",
    "tenancyPage.correctTitle": "Daten korrigieren: {who}",
    "tenancyPage.correctIntro":
      "Korrigieren Sie Einzug und Auszug dieses Mietverhältnisses. Es darf sich mit keinem anderen dieser Nutzeinheit überschneiden.",
    "tenancyPage.correctMoveInHint":
      "Leer lassen, wenn der Einzug vor dem ersten Dokument lag (nur beim ältesten Mietverhältnis).",
    "tenancyPage.correctMoveOutHint": "Letzter Tag dort. Leer lassen, solange das Mietverhältnis andauert.",
    "tenancyPage.corrected": "Die Daten des Mietverhältnisses in Nutzeinheit {unit} sind gespeichert.",
    "tenancyPage.move": "Mieterwechsel erfassen",
    "tenancyPage.moveLabel": "Mieterwechsel erfassen für Nutzeinheit {unit}",
    "tenancyPage.moveTitle": "Mieterwechsel erfassen: Nutzeinheit {unit}",
    "tenancyPage.moveIntro":
      "Auszug des bisherigen Bewohners und Einzug des neuen in einem Schritt. Das bisherige Mietverhältnis bleibt im Verlauf erhalten.",
    "tenancyPage.moveInHint": "Erster Tag, an dem der neue Bewohner dort wohnt oder die Nutzeinheit leer steht.",
    "tenancyPage.moveInRequired": "Bitte geben Sie das Datum des Einzugs an.",
    "tenancyPage.previousMoveOut": "Auszug des bisherigen Bewohners",
    "tenancyPage.previousVacancyEnd": "Ende des bisherigen Leerstands",
    "tenancyPage.previousMoveOutHint": "{who}: letzter Tag dort. Vorgabe: der Tag vor dem Einzug.",
    "tenancyPage.previousVacancyEndHint": "Letzter Tag des Leerstands. Vorgabe: der Tag vor dem Einzug.",
    "tenancyPage.who": "Wer zieht ein?",
    "tenancyPage.whoResident": "Ein neuer Bewohner",
    "tenancyPage.whoVacancy": "Niemand: Leerstand",
    "tenancyPage.salutation": "Anrede",
    "tenancyPage.salutation.none": "Keine Angabe",
    "tenancyPage.salutation.Frau": "Frau",
    "tenancyPage.salutation.Herr": "Herr",
    "tenancyPage.salutation.Familie": "Familie",
    "tenancyPage.firstName": "Vorname",
    "tenancyPage.lastName": "Nachname",
    "tenancyPage.company": "Firma",
    "tenancyPage.companyHint": "Statt Vor- und Nachname, etwa bei gewerblicher Nutzung.",
    "tenancyPage.email": "E-Mail",
    "tenancyPage.channel": "Zustellweg",
    "tenancyPage.channelHint":
      "Nach § 6a HeizkostenV per Post, es sei denn, der Bewohner hat E-Mail oder Portal ausdrücklich gewählt.",
    "tenancyPage.consentAt": "Schriftlich eingewilligt am",
    "tenancyPage.consentHint":
      "E-Mail oder Portal nur mit der Einwilligung des Bewohners. Ohne schriftliche Einwilligung gilt der Brief; der Bewohner kann dann über den Link im Brief selbst einwilligen.",
    "tenancyPage.consentReference": "Zeichen der Einwilligung",
    "tenancyPage.postalAddress": "Anschrift",
    "tenancyPage.postalAddressHint":
      "Straße und Hausnummer, PLZ und Ort, je eine Zeile, ohne Namen. Nötig für den Zustellweg Post.",
    "tenancyPage.saveMove": "Mieterwechsel speichern",
    "tenancyPage.saving": "Wird gespeichert …",
    "tenancyPage.moved": "Mieterwechsel in Nutzeinheit {unit} gespeichert: Einzug am {date}.",
    "tenancyPage.vacated": "Leerstand in Nutzeinheit {unit} ab {date} gespeichert.",
    "tenancyPage.editScope":
      "Hier korrigieren Sie die Angaben der Nutzeinheit und die Kontaktdaten des jetzigen Bewohners. Wer dort wohnt, ändern Sie hier nicht: Zieht jemand aus oder ein, nutzen Sie „Mieterwechsel erfassen“ in der Zeile der Nutzeinheit.",
    "tenancyPage.editResidentName": "Name des jetzigen Bewohners",
    "tenancyPage.editResidentNameHint": "Nur die Schreibweise korrigieren; ein neuer Bewohner ist ein Mieterwechsel.",
    "tenancyPage.editNoResident":
      "Zurzeit ist kein Bewohner eingetragen. Einen Einzug erfassen Sie mit „Mieterwechsel erfassen“.",
  },
  en: {
    "tenancyPage.history": "History ({n})",
    "tenancyPage.historyLabel": "Tenancies of usage unit {unit}, newest first",
    "tenancyPage.noHistory": "No tenancy recorded yet.",
    "tenancyPage.vacancy": "Vacancy",
    "tenancyPage.erased": "Data erased",
    "tenancyPage.moveIn": "Move-in",
    "tenancyPage.moveOut": "Move-out",
    "tenancyPage.moveInUnknown": "since before the first document",
    "tenancyPage.stillThere": "lives there",
    "tenancyPage.vacancyRuns": "ongoing",
    "tenancyPage.correct": "Correct dates",
    "tenancyPage.correctLabel": "Correct dates: {who}, move-in {moveIn}",
    "tenancyPage.correctTitle": "Correct dates: {who}",
    "tenancyPage.correctIntro":
      "Correct this tenancy's move-in and move-out. It must not overlap any other tenancy of this usage unit.",
    "tenancyPage.correctMoveInHint": "Leave empty if the move-in was before the first document (oldest tenancy only).",
    "tenancyPage.correctMoveOutHint": "Last day there. Leave empty while the tenancy lasts.",
    "tenancyPage.corrected": "The tenancy's dates in usage unit {unit} have been saved.",
    "tenancyPage.move": "Record a move",
    "tenancyPage.moveLabel": "Record a move for usage unit {unit}",
    "tenancyPage.moveTitle": "Record a move: usage unit {unit}",
    "tenancyPage.moveIntro":
      "The previous resident's move-out and the new one's move-in in one step. The previous tenancy stays in the history.",
    "tenancyPage.moveInHint": "First day the new resident lives there, or the unit is vacant.",
    "tenancyPage.moveInRequired": "Please enter the move-in date.",
    "tenancyPage.previousMoveOut": "Previous resident's move-out",
    "tenancyPage.previousVacancyEnd": "End of the previous vacancy",
    "tenancyPage.previousMoveOutHint": "{who}: last day there. Default: the day before the move-in.",
    "tenancyPage.previousVacancyEndHint": "Last day of the vacancy. Default: the day before the move-in.",
    "tenancyPage.who": "Who moves in?",
    "tenancyPage.whoResident": "A new resident",
    "tenancyPage.whoVacancy": "Nobody: vacancy",
    "tenancyPage.salutation": "Salutation",
    "tenancyPage.salutation.none": "Not given",
    "tenancyPage.salutation.Frau": "Ms (Frau)",
    "tenancyPage.salutation.Herr": "Mr (Herr)",
    "tenancyPage.salutation.Familie": "Family (Familie)",
    "tenancyPage.firstName": "First name",
    "tenancyPage.lastName": "Last name",
    "tenancyPage.company": "Company",
    "tenancyPage.companyHint": "Instead of first and last name, e.g. for commercial use.",
    "tenancyPage.email": "E-mail",
    "tenancyPage.channel": "Delivery channel",
    "tenancyPage.channelHint":
      "By post under § 6a HeizkostenV, unless the resident expressly chose e-mail or the portal.",
    "tenancyPage.consentAt": "Written consent given on",
    "tenancyPage.consentHint":
      "E-mail or portal only with the resident's consent. Without a written agreement the letter applies; the resident may then agree through the link in the letter.",
    "tenancyPage.consentReference": "Reference of the consent",
    "tenancyPage.postalAddress": "Postal address",
    "tenancyPage.postalAddressHint":
      "Street and number, postcode and city, one per line, without the name. Needed for delivery by post.",
    "tenancyPage.saveMove": "Save the move",
    "tenancyPage.saving": "Saving …",
    "tenancyPage.moved": "Move in usage unit {unit} saved: move-in on {date}.",
    "tenancyPage.vacated": "Vacancy in usage unit {unit} from {date} saved.",
    "tenancyPage.editScope":
      "Here you correct the usage unit's details and the present resident's contact details. Who lives there is not changed here: when someone moves out or in, use “Record a move” in the unit's row.",
    "tenancyPage.editResidentName": "Present resident's name",
    "tenancyPage.editResidentNameHint": "Correct the spelling only; a new resident is a move.",
    "tenancyPage.editNoResident": "No resident is recorded at present. Record a move-in with “Record a move”.",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    tenancies: typeof tenancies;
    tenanciesPage: typeof tenanciesPage;
  }
}
