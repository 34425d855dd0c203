/** Messages of lib/delivery: sync, archive, confirmations (German first, English complete). */
export const delivery = {
  de: {
    "delivery.sync.running":
      "Für diese Verbindung läuft bereits ein Abgleich. Bitte warten Sie, bis er beendet ist, und versuchen Sie es dann erneut.",
    "delivery.sync.stopped":
      "Der Abgleich wurde angehalten, weil der Server neu startet. Was bis dahin gelesen wurde, ist gespeichert. Bitte starten Sie ihn in einer Minute erneut.",
    "delivery.confirm.pending": "Dieses Dokument wird gerade bestätigt. Das Ergebnis erscheint in Kürze.",
    "delivery.confirm.unknown":
      "Der Anbieter hat nicht rechtzeitig geantwortet. Ob der Empfang bestätigt wurde, ist noch unklar; das wird beim nächsten Abgleich geprüft, danach können Sie es bei Bedarf erneut bestätigen.",
    "delivery.confirm.notFetched":
      "Das Dokument konnte nicht abgerufen und archiviert werden, deshalb wurde es nicht bestätigt. Bitte versuchen Sie es später erneut.",
    "delivery.confirm.archiveFailed":
      "Das Dokument konnte nicht sicher gespeichert werden, deshalb wurde es nicht bestätigt. Bitte wenden Sie sich an den Support.",
    "delivery.file.tooLarge":
      "Die Datei des Anbieters ist größer als die erlaubten {mb} MB. Sie wurde weder archiviert noch bestätigt. Bitte wenden Sie sich an den Anbieter.",
    "delivery.confirm.byOther": "Bereits bestätigt von {who} am {at} (UTC).",
    "delivery.confirm.notSent":
      "Die Bestätigung konnte nicht rechtzeitig gesendet werden; es wurde nichts gesendet. Bitte versuchen Sie es erneut.",
    "delivery.archive.diskFull":
      "Auf dem Speicher des Archivs sind nur noch {free} MB frei (mindestens {min} MB müssen frei bleiben). Deshalb wird nichts archiviert und nichts bestätigt. Bitte geben Sie Speicherplatz frei oder wenden Sie sich an den Betrieb.",
    "delivery.run.tooMany":
      "Es laufen bereits {n} Bestätigungen von Ihnen. Bitte warten Sie, bis eine davon beendet ist, oder brechen Sie eine ab.",
    "delivery.run.notFound": "Diese Bestätigung gibt es nicht.",
  },
  en: {
    "delivery.sync.running":
      "A synchronisation of this connection is already running. Please wait until it has finished, then try again.",
    "delivery.sync.stopped":
      "The synchronisation was stopped because the server is restarting. What was read until then is saved. Please start it again in a minute.",
    "delivery.confirm.pending": "This document is being confirmed right now. The outcome will appear shortly.",
    "delivery.confirm.unknown":
      "The provider did not answer in time. Whether the receipt was confirmed is not yet known; the next synchronisation checks it, after which you can confirm again if needed.",
    "delivery.confirm.notFetched":
      "The document could not be fetched and archived, so it was not confirmed. Please try again later.",
    "delivery.confirm.archiveFailed":
      "The document could not be stored safely, so it was not confirmed. Please contact support.",
    "delivery.file.tooLarge":
      "The provider's file is larger than the allowed {mb} MB. It was neither archived nor confirmed. Please contact the provider.",
    "delivery.confirm.byOther": "Already confirmed by {who} on {at} (UTC).",
    "delivery.confirm.notSent": "The confirmation could not be sent in time; nothing was sent. Please try again.",
    "delivery.archive.diskFull":
      "The archive's disk has only {free} MB free (at least {min} MB must stay free), so nothing is archived or confirmed. Please free up space or contact operations.",
    "delivery.run.tooMany":
      "{n} of your confirmations are running already. Please wait until one of them has finished, or cancel one.",
    "delivery.run.notFound": "This confirmation does not exist.",
  },
};
