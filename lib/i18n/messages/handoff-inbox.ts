/**
 * Messages of the hand-off where the work is (issue #35): the confirm dialog that also hands on, a hand-off that
 * archives what it needs, the property's own files (DTA `billingunit`) and the file names of the viewer.
 */
export const handoffInbox = {
  de: {
    "handoff.archive.failed":
      "Das Dokument konnte beim Anbieter nicht abgerufen und archiviert werden; es wurde nichts gesendet. Versuchen Sie es später erneut.",
    "handoff.archive.mismatch":
      "Die abgerufene Datei stimmt nicht mit der Prüfsumme des Anbieters überein; es wurde nichts gesendet.",
    "handoff.skip.property": "Eine Datei der ganzen Liegenschaft (keine Nutzeinheit): sie geht an keinen Bewohner.",
    "deliveryDetail.event.fetchHandoff": "Abgerufen vor der Weitergabe an den Bewohner: {size}, SHA-256 {sha256}",
    "inbox.confirm.andHandOn": "Bestätigen und weitergeben",
    "deliveryNames.propertyFile": "Datei der Liegenschaft",
    "inbox.doctype.uviE": "Unterjährige Verbrauchsinformation als PDF",
    "inbox.billing.title": "Dateien der Liegenschaft",
    "inbox.billing.heading": "Liegenschaft {property}",
    "inbox.billing.number": "Abrechnungseinheit",
    "inbox.billing.hint": "Für die ganze Liegenschaft, nicht für eine Wohnung: sie gehen an keinen Bewohner.",
    "inbox.unit.span": "Dokumente {from}–{to} von {total} dieser Einheit",
    "inbox.confirm.handOnHint":
      "„Bestätigen und weitergeben“ gibt danach die bestätigten Dokumente ({n} mit Empfänger) auf dem Zustellweg ihrer Bewohner weiter.",
  },
  en: {
    "handoff.archive.failed":
      "The document could not be fetched from the provider and archived; nothing was sent. Please try again later.",
    "handoff.archive.mismatch": "The fetched file does not match the provider's checksum; nothing was sent.",
    "handoff.skip.property": "A file of the whole property (no usage unit): it goes to no resident.",
    "deliveryDetail.event.fetchHandoff": "Fetched before handing on to the resident: {size}, SHA-256 {sha256}",
    "inbox.confirm.andHandOn": "Confirm and hand on",
    "deliveryNames.propertyFile": "File of the property",
    "inbox.doctype.uviE": "Interim consumption information as PDF",
    "inbox.billing.title": "Files of the property",
    "inbox.billing.heading": "Property {property}",
    "inbox.billing.number": "Billing unit",
    "inbox.billing.hint": "For the whole property, not for a flat: they go to no resident.",
    "inbox.unit.span": "Documents {from}–{to} of {total} of this unit",
    "inbox.confirm.handOnHint":
      "“Confirm and hand on” then hands the confirmed documents ({n} with a recipient) on by their residents' channels.",
  },
} as const;
