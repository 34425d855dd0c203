/**
 * A document's states in words, one set for every page (inbox, viewer, delivery search, detail and
 * timeline): a short name for the badge and a sentence for the legend that explains it. Keyed by
 * the codes of lib/document-states.ts, so a new state needs its words here.
 */
export const states = {
  de: {
    "state.open": "Offen",
    "state.pending": "Wird bestätigt",
    "state.confirmed": "Bestätigt",
    "state.failed": "Fehlgeschlagen",
    "state.unknown": "Wird geprüft",
    "state.gone": "Nicht mehr beim Anbieter",
    "state.elsewhere": "Bestätigt über eine andere Verbindung",
    "state.open.about": "Der Anbieter stellt das Dokument bereit; sein Empfang ist noch nicht bestätigt.",
    "state.pending.about": "Die Empfangsbestätigung ist gerade auf dem Weg zum Anbieter.",
    "state.confirmed.about": "Der Anbieter hat die Empfangsbestätigung angenommen.",
    "state.failed.about": "Der Anbieter hat die Bestätigung abgelehnt; sie kann erneut versucht werden.",
    "state.unknown.about":
      "Auf die Bestätigung kam keine verwertbare Antwort; der nächste Abgleich mit dem Anbieter klärt, ob sie angekommen ist.",
    "state.gone.about": "Der Anbieter listet das Dokument nicht mehr, ohne dass sein Empfang hier bestätigt wurde.",
    "state.elsewhere.about":
      "Eine andere Verbindung zum selben Konto beim Anbieter hat den Empfang bestätigt; darum listet der Anbieter es nicht mehr.",
    "state.legend": "Was die Status bedeuten",
  },
  en: {
    "state.open": "Open",
    "state.pending": "Being confirmed",
    "state.confirmed": "Confirmed",
    "state.failed": "Failed",
    "state.unknown": "Being checked",
    "state.gone": "No longer at the provider",
    "state.elsewhere": "Confirmed through another connection",
    "state.open.about": "The provider offers the document; its receipt has not been confirmed yet.",
    "state.pending.about": "The confirmation of receipt is on its way to the provider right now.",
    "state.confirmed.about": "The provider has accepted the confirmation of receipt.",
    "state.failed.about": "The provider refused the confirmation; it may be tried again.",
    "state.unknown.about":
      "The confirmation got no usable answer; the next sync with the provider settles whether it arrived.",
    "state.gone.about": "The provider no longer lists the document, and its receipt was not confirmed here.",
    "state.elsewhere.about":
      "Another connection to the same account at the provider confirmed its receipt, so the provider no longer lists it.",
    "state.legend": "What the states mean",
  },
} as const;
