/**
 * Messages of lib/residents/tenancies: who receives a document by the one rule, moves, vacancies
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
    "handoffMonth.status.change": "Change of resident in the period",
    "handoffMonth.status.uncovered": "Vacant or no tenancy in the period",
    "handoffMonth.status.noPeriod": "No period",
    "handoffMonth.status.vacancy": "Vacant: no hand-off needed",
    "handoffMonth.status.notNeeded": "No hand-off needed (decided)",
    "handoffMonth.status.erased": "Resident's data erased",
  },
} as const;
