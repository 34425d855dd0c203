/**
 * Messages of lib/handoffs: why a document was not handed to its resident, and what the mail server answered
 * (German first, English complete).
 */
export const handoffs = {
  de: {
    "handoff.skip.unknown": "Dieses Dokument gibt es in Ihren Verbindungen nicht.",
    "handoff.skip.noUnit": "Die Nutzeinheit des Dokuments steht nicht in Ihrem Verzeichnis der Nutzeinheiten.",
    "handoff.skip.noResident": "Für diese Nutzeinheit ist kein Bewohner eingetragen.",
    "handoff.skip.noEmail":
      "Der Bewohner möchte die Information per E-Mail, aber es ist keine E-Mail-Adresse eingetragen.",
    "handoff.skip.mailOff": "Der E-Mail-Versand ist nicht eingerichtet (SMTP_URL fehlt); es wurde nichts gesendet.",
    "handoff.skip.already":
      "Schon an diesen Bewohner weitergegeben (Stand: {state}). Erneut senden nur mit „noch einmal“.",
    "handoff.failed.refused": "Der Mailserver hat den Empfänger abgelehnt ({code}: {text}).",
    "handoff.failed.rejected": "Der Mailserver hat die Nachricht abgelehnt ({code}: {text}).",
    "handoff.failed.timeout": "Der Mailserver hat nicht rechtzeitig geantwortet.",
    "handoff.failed.dropped": "Die Verbindung zum Mailserver ist abgebrochen, bevor er die Nachricht angenommen hat.",
    "handoff.failed.unreachable": "Der Mailserver ist nicht erreichbar.",
    "handoff.failed.off": "Der E-Mail-Versand ist nicht eingerichtet.",
    "handoff.failed.error": "Die Nachricht konnte nicht gesendet werden ({code}).",
    "handoff.failed.archive": "Die archivierte Datei ist nicht lesbar; es wurde nichts gesendet.",
    "handoff.bounced.unknown": "E-Mail unzustellbar: Postfach unbekannt ({code})",
    "handoff.bounced.full": "E-Mail unzustellbar: Postfach voll ({code})",
    "handoff.bounced.address": "E-Mail unzustellbar: Adresse ungültig ({code})",
    "handoff.bounced.refused": "E-Mail unzustellbar: vom Empfänger abgelehnt ({code})",
    "handoff.bounced.other": "E-Mail unzustellbar ({code})",
    "handoff.bounceCause.unknown": "Postfach unbekannt ({code})",
    "handoff.bounceCause.full": "Postfach voll ({code})",
    "handoff.bounceCause.address": "Adresse ungültig ({code})",
    "handoff.bounceCause.refused": "vom Empfänger abgelehnt ({code})",
    "handoff.bounceCause.other": "nicht zugestellt ({code})",
  },
  en: {
    "handoff.skip.unknown": "This document is not among your connections' documents.",
    "handoff.skip.noUnit": "The document's usage unit is not in your unit register.",
    "handoff.skip.noResident": "No resident is registered for this usage unit.",
    "handoff.skip.noEmail": "The resident wants the information by e-mail, but no e-mail address is registered.",
    "handoff.skip.mailOff": "Sending e-mail is not set up (SMTP_URL is missing); nothing was sent.",
    "handoff.skip.already": "Already handed to this resident (state: {state}). Send it again only with “again”.",
    "handoff.failed.refused": "The mail server refused the recipient ({code}: {text}).",
    "handoff.failed.rejected": "The mail server rejected the message ({code}: {text}).",
    "handoff.failed.timeout": "The mail server did not answer in time.",
    "handoff.failed.dropped": "The connection to the mail server broke before it accepted the message.",
    "handoff.failed.unreachable": "The mail server cannot be reached.",
    "handoff.failed.off": "Sending e-mail is not set up.",
    "handoff.failed.error": "The message could not be sent ({code}).",
    "handoff.failed.archive": "The archived file cannot be read; nothing was sent.",
    "handoff.bounced.unknown": "E-mail undeliverable: mailbox unknown ({code})",
    "handoff.bounced.full": "E-mail undeliverable: mailbox full ({code})",
    "handoff.bounced.address": "E-mail undeliverable: address invalid ({code})",
    "handoff.bounced.refused": "E-mail undeliverable: refused by the recipient ({code})",
    "handoff.bounced.other": "E-mail undeliverable ({code})",
    "handoff.bounceCause.unknown": "mailbox unknown ({code})",
    "handoff.bounceCause.full": "mailbox full ({code})",
    "handoff.bounceCause.address": "address invalid ({code})",
    "handoff.bounceCause.refused": "refused by the recipient ({code})",
    "handoff.bounceCause.other": "not delivered ({code})",
  },
} as const;

/**
 * Messages of the inbox's hand-off to residents (lib/handoffs/run-kind.ts, components/handoffs): its
 * runs, states and actions.
 */
export const handoffRuns = {
  de: {
    "handoffRun.tooMany": "Es laufen bereits {n} Weitergaben von Ihnen. Bitte warten Sie, bis eine davon beendet ist.",
    "handoffRun.notFound": "Diese Weitergabe gibt es nicht.",
    "inbox.handoff.state.none": "Nicht weitergegeben",
    "inbox.handoff.state.sent": "Weitergegeben per {channel} {date}",
    "inbox.handoff.state.opened": "Portal (geöffnet {date})",
    "inbox.handoff.state.printed": "Brief erstellt {date}",
    "inbox.handoff.state.posted": "Per Brief versandt {date}",
    "inbox.handoff.state.failed": "Fehlgeschlagen",
    "inbox.handoff.state.pending": "Wird weitergegeben",
    "inbox.handoff.state.unknown": "Ausgang unklar",
    "inbox.handoff.state.bounced": "E-Mail unzustellbar {date}",
    "inbox.handoff.label": "Weitergabe an Bewohner:",
    "inbox.handoff.doc": "Weitergeben",
    "inbox.handoff.docFor": "An Bewohner weitergeben: {name}",
    "inbox.handoff.unit": "An Bewohner weitergeben ({n})",
    "inbox.handoff.selection": "Auswahl weitergeben ({n})",
    "inbox.handoff.ask.title.one": "Dokument an den Bewohner weitergeben?",
    "inbox.handoff.ask.title.other": "{n} Dokumente an die Bewohner weitergeben?",
    "inbox.handoff.ask.what":
      "Jedes Dokument geht an den Bewohner, der im Zeitraum des Dokuments dort wohnte, auf dem Weg, den er gewählt hat (E-Mail, Portal oder Post). Bei einem Mieterwechsel im Zeitraum geht es an niemanden, bis Sie es in der Monatsübersicht zuordnen.",
    "inbox.handoff.ask.skipped":
      "Dateien der ganzen Liegenschaft gehen an keinen Bewohner und werden nicht weitergegeben: {n}.",
    "inbox.handoff.ask.sentBefore":
      "Schon weitergegeben: {n}. Diese werden übersprungen, außer Sie wählen „Erneut senden“.",
    "inbox.handoff.ask.again": "Erneut senden: bereits weitergegebene Dokumente noch einmal an ihre Bewohner schicken",
    "inbox.handoff.ask.againWarning": "Die Bewohner erhalten diese Dokumente dann ein weiteres Mal.",
    "inbox.handoff.ask.action": "Weitergeben",
    "inbox.handoff.ask.actionAgain": "Erneut senden",
    "inbox.handoff.run.title": "Weitergabe an Bewohner",
    "inbox.handoff.run.progressLabel": "Fortschritt der Weitergabe",
    "inbox.handoff.run.progress": "{done} von {total}",
    "inbox.handoff.run.summary": "Gesendet: {sent}, fehlgeschlagen: {failed}, übersprungen: {skipped}.",
    "inbox.handoff.run.goesOn": "Die Weitergabe läuft auf dem Server weiter, auch wenn Sie die Seite verlassen.",
    "inbox.handoff.run.interrupted":
      "Die Weitergabe wurde durch einen Neustart des Servers unterbrochen; die übrigen Dokumente wurden nicht weitergegeben.",
    "inbox.handoff.run.failedToStart": "Die Weitergabe konnte nicht beginnen: {message}",
    "inbox.handoff.run.outcomes": "Ergebnis je Dokument",
    "inbox.handoff.run.line.sent": "Gesendet",
    "inbox.handoff.run.line.failed": "Fehlgeschlagen",
    "inbox.handoff.run.line.skipped": "Übersprungen",
    "inbox.handoff.run.cancel": "Weitergabe abbrechen",
    "inbox.handoff.run.cancelling":
      "Abbruch angefordert … Das Dokument, das gerade weitergegeben wird, wird noch fertig gesendet, alle anderen nicht.",
    "inbox.handoff.run.cancelFailed": "Der Abbruch konnte nicht angefordert werden: {message}",
    "inbox.handoff.run.cancelled": "Abgebrochen: {n} wegen des Abbruchs nicht weitergegeben.",
  },
  en: {
    "handoffRun.tooMany": "{n} of your hand-offs are running already. Please wait until one of them has finished.",
    "handoffRun.notFound": "This hand-off does not exist.",
    "inbox.handoff.state.none": "Not handed on",
    "inbox.handoff.state.sent": "Handed on by {channel} {date}",
    "inbox.handoff.state.opened": "Portal (opened {date})",
    "inbox.handoff.state.printed": "Letter made {date}",
    "inbox.handoff.state.posted": "Posted as a letter {date}",
    "inbox.handoff.state.failed": "Failed",
    "inbox.handoff.state.pending": "Being handed on",
    "inbox.handoff.state.unknown": "Outcome unclear",
    "inbox.handoff.state.bounced": "E-mail undeliverable {date}",
    "inbox.handoff.label": "Hand-off to the resident:",
    "inbox.handoff.doc": "Hand on",
    "inbox.handoff.docFor": "Hand on to the resident: {name}",
    "inbox.handoff.unit": "Hand on to the resident ({n})",
    "inbox.handoff.selection": "Hand on the selection ({n})",
    "inbox.handoff.ask.title.one": "Hand this document on to the resident?",
    "inbox.handoff.ask.title.other": "Hand {n} documents on to the residents?",
    "inbox.handoff.ask.what":
      "Each document goes to the resident who lived there during its period, by the way they chose (e-mail, portal or post). With a change of resident within the period it goes to nobody until you assign it in the monthly view.",
    "inbox.handoff.ask.skipped": "Files of the whole property go to no resident and are not handed on: {n}.",
    "inbox.handoff.ask.sentBefore": "Handed on before: {n}. They are skipped unless you choose “Send again”.",
    "inbox.handoff.ask.again": "Send again: send documents handed on before to their residents once more",
    "inbox.handoff.ask.againWarning": "The residents then receive these documents another time.",
    "inbox.handoff.ask.action": "Hand on",
    "inbox.handoff.ask.actionAgain": "Send again",
    "inbox.handoff.run.title": "Hand-off to residents",
    "inbox.handoff.run.progressLabel": "Progress of the hand-off",
    "inbox.handoff.run.progress": "{done} of {total}",
    "inbox.handoff.run.summary": "Sent: {sent}, failed: {failed}, skipped: {skipped}.",
    "inbox.handoff.run.goesOn": "The hand-off goes on at the server, also when you leave the page.",
    "inbox.handoff.run.interrupted":
      "A restart of the server interrupted the hand-off; the remaining documents were not handed on.",
    "inbox.handoff.run.failedToStart": "The hand-off could not begin: {message}",
    "inbox.handoff.run.outcomes": "Outcome per document",
    "inbox.handoff.run.line.sent": "Sent",
    "inbox.handoff.run.line.failed": "Failed",
    "inbox.handoff.run.line.skipped": "Skipped",
    "inbox.handoff.run.cancel": "Cancel the hand-off",
    "inbox.handoff.run.cancelling":
      "Cancel requested … The document being handed on now is still sent to the end, no other one is.",
    "inbox.handoff.run.cancelFailed": "The cancel could not be requested: {message}",
    "inbox.handoff.run.cancelled": "Cancelled: {n} not handed on because of the cancel.",
  },
};

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

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    handoffs: typeof handoffs;
    handoffRuns: typeof handoffRuns;
    handoffInbox: typeof handoffInbox;
  }
}
