/**
 * Messages of lib/delivery/outbox: the outbox API's refusals, an item's outcome, support's CSV (German first, English
 * complete).
 */
export const outboxServer = {
  de: {
    "outboxApi.tooLarge": "Die Datei ist größer als die erlaubten {mb} MB. Sie wurde weder gespeichert noch gesendet.",
    "outboxApi.notMultipart": "Bitte senden Sie die Datei als Formular (multipart/form-data) im Feld „file“.",
    "outboxApi.badForm":
      "Das Formular konnte nicht gelesen werden. Bitte wählen Sie die Datei erneut aus und senden Sie sie noch einmal.",
    "outboxApi.notSupported":
      "Nur DTA-Verbindungen können Dateien an den Anbieter senden; diese Verbindung nutzt den UVI-Dienst.",
    "outboxApi.alreadySent":
      "Diese Datei wurde über diese Verbindung bereits am {at} von {who} gesendet. Wenn sie wirklich noch einmal gesendet werden soll, senden Sie sie ausdrücklich erneut.",
    "outboxApi.alreadySentUnknown":
      "Diese Datei wurde über diese Verbindung bereits am {at} von {who} gesendet; ob sie angekommen ist, ist ungewiss. Bitte prüfen Sie das beim Anbieter, bevor Sie sie ausdrücklich erneut senden.",
    "outboxApi.notUnknown": "Das Ergebnis dieses Versands steht bereits fest; es kann nicht mehr geändert werden.",
    "outboxApi.notFound": "Diesen Versand gibt es nicht.",
    "outboxApi.someone": "einer unbekannten Person",
    "outboxApi.message.inFlight":
      "Die Datei wird gesendet; die Antwort des Anbieters steht noch aus. Bleibt es dabei, wurde das Senden unterbrochen: Bitte prüfen Sie beim Anbieter, ob die Datei angekommen ist.",
    "outboxApi.message.unseen":
      "Zeitüberschreitung nach dem Senden: Der Anbieter hat die Datei möglicherweise erhalten. Bitte prüfen Sie beim Anbieter, ob sie angekommen ist, bevor Sie sie erneut senden.",
    "outboxApi.message.warning": "Gesendet. Der Anbieter meldet eine Warnung: {text}",
    "outboxApi.message.declined": "Der Anbieter hat die Datei abgelehnt: {text}",
    "outboxApi.message.declinedBare": "Der Anbieter hat die Datei abgelehnt, ohne einen Grund zu nennen.",
    "outboxApi.message.refused": "Der Anbieter hat die Datei abgelehnt (HTTP {status}): {text}",
    "outboxApi.message.refusedBare": "Der Anbieter hat die Datei abgelehnt (HTTP {status}).",
    "outboxApi.message.notSent":
      "Der Anbieter war nicht erreichbar; die Datei wurde nicht gesendet. Bitte prüfen Sie die Verbindung und versuchen Sie es später erneut.",
    "outboxApi.csv.state.sent": "gesendet",
    "outboxApi.csv.state.failed": "fehlgeschlagen",
    "outboxApi.csv.state.unknown": "ungewiss",
    "outboxApi.csv.sentAt": "Gesendet am",
    "outboxApi.csv.filename": "Dateiname",
    "outboxApi.csv.state": "Status",
    "outboxApi.csv.connection": "Verbindung",
    "outboxApi.csv.connectionId": "Verbindungs-ID",
    "outboxApi.csv.owner": "Verwalter",
    "outboxApi.csv.sentBy": "Gesendet von",
    "outboxApi.csv.bytes": "Bytes",
    "outboxApi.csv.sha256": "SHA-256",
    "outboxApi.csv.doctype": "Dokumenttyp",
    "outboxApi.csv.doctypeversion": "Version",
    "outboxApi.csv.kd": "Kunde (kd)",
    "outboxApi.csv.statustype": "Statustyp",
    "outboxApi.csv.code": "Code",
    "outboxApi.csv.statusMessage": "Meldung des Anbieters",
    "outboxApi.csv.httpStatus": "HTTP-Status",
    "outboxApi.csv.message": "Hinweis",
    "outboxApi.csv.resolvedAt": "Geklärt am",
    "outboxApi.csv.resolvedBy": "Geklärt von",
  },
  en: {
    "outboxApi.tooLarge": "The file is larger than the allowed {mb} MB. It was neither stored nor sent.",
    "outboxApi.notMultipart": "Please send the file as a form (multipart/form-data) in the field “file”.",
    "outboxApi.badForm": "The form could not be read. Please choose the file again and send it once more.",
    "outboxApi.notSupported":
      "Only DTA connections can send files to the provider; this connection uses the UVI service.",
    "outboxApi.alreadySent":
      "This file was already sent through this connection on {at} by {who}. If it really should be sent again, send it again explicitly.",
    "outboxApi.alreadySentUnknown":
      "This file was already sent through this connection on {at} by {who}; whether it arrived is unknown. Please check with the provider before you send it again explicitly.",
    "outboxApi.notUnknown": "The outcome of this send is already settled; it can no longer be changed.",
    "outboxApi.notFound": "This send does not exist.",
    "outboxApi.someone": "an unknown person",
    "outboxApi.message.inFlight":
      "The file is being sent; the provider's answer is still outstanding. If this stays so, sending was interrupted: please check with the provider whether the file arrived.",
    "outboxApi.message.unseen":
      "Timed out after sending: the provider may have received the file. Please check with the provider whether it arrived before you send it again.",
    "outboxApi.message.warning": "Sent. The provider reports a warning: {text}",
    "outboxApi.message.declined": "The provider refused the file: {text}",
    "outboxApi.message.declinedBare": "The provider refused the file without giving a reason.",
    "outboxApi.message.refused": "The provider refused the file (HTTP {status}): {text}",
    "outboxApi.message.refusedBare": "The provider refused the file (HTTP {status}).",
    "outboxApi.message.notSent":
      "The provider could not be reached; the file was not sent. Please check the connection and try again later.",
    "outboxApi.csv.state.sent": "sent",
    "outboxApi.csv.state.failed": "failed",
    "outboxApi.csv.state.unknown": "unknown",
    "outboxApi.csv.sentAt": "Sent at",
    "outboxApi.csv.filename": "File name",
    "outboxApi.csv.state": "State",
    "outboxApi.csv.connection": "Connection",
    "outboxApi.csv.connectionId": "Connection ID",
    "outboxApi.csv.owner": "Manager",
    "outboxApi.csv.sentBy": "Sent by",
    "outboxApi.csv.bytes": "Bytes",
    "outboxApi.csv.sha256": "SHA-256",
    "outboxApi.csv.doctype": "Document type",
    "outboxApi.csv.doctypeversion": "Version",
    "outboxApi.csv.kd": "Customer (kd)",
    "outboxApi.csv.statustype": "Status type",
    "outboxApi.csv.code": "Code",
    "outboxApi.csv.statusMessage": "Provider's message",
    "outboxApi.csv.httpStatus": "HTTP status",
    "outboxApi.csv.message": "Note",
    "outboxApi.csv.resolvedAt": "Resolved at",
    "outboxApi.csv.resolvedBy": "Resolved by",
  },
};
