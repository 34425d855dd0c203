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
  },
} as const;
