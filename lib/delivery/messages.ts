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

/**
 * Messages of what the DTA service says about a file (the viewer's details, support's record, the confirmation's
 * refusal).
 */
export const fileFacts = {
  de: {
    "fileFacts.title": "Angaben des Anbieters",
    "fileFacts.notFound": "Dieses Dokument ist in Ihrem Eingang nicht verzeichnet.",
    "fileFacts.size": "Größe",
    "fileFacts.compressed": "komprimiert",
    "fileFacts.date": "Dateidatum",
    "fileFacts.version": "Version",
    "fileFacts.hash": "Prüfsumme",
    "fileFacts.none": "Der Anbieter macht keine Angaben zur Datei.",
    "fileFacts.loading": "Angaben des Anbieters werden geladen …",
    "fileFacts.error": "Die Angaben des Anbieters konnten nicht geladen werden.",
    "fileFacts.bytes": "{size} ({bytes} Bytes)",
    "fileFacts.sizeDiffers": "Geliefert wurden {bytes} Bytes: die Größe weicht von der Angabe ab (wird nur angezeigt).",
    "fileFacts.hashMatches": "{algorithm}: stimmt mit der gelieferten Datei überein.",
    "fileFacts.hashUnchecked": "{algorithm}: wird geprüft, sobald die Datei geladen ist.",
    "fileFacts.hashNotCheckable": "Keine MD5-, SHA-1- oder SHA-256-Prüfsumme: nur angezeigt, nicht geprüft.",
    "fileFacts.hashMismatch":
      "Der Anbieter hat andere Bytes geliefert, als er beschreibt: Prüfsumme ({algorithm}) {expected} erwartet, {actual} erhalten. Dieses Dokument kann nicht bestätigt werden.",
    "fileFacts.confirm.hashMismatch":
      "Der Anbieter hat andere Bytes geliefert, als er beschreibt: Prüfsumme ({algorithm}) {expected} erwartet, {actual} erhalten. Nicht bestätigt.",
    "fileFacts.event.hashMismatch": "Prüfsumme ({algorithm}) stimmt nicht: {expected} erwartet, {actual} erhalten",
    "fileFacts.event.refused":
      "Nicht bestätigt: die Prüfsumme des Anbieters stimmt nicht mit der Datei überein (nichts gesendet)",
  },
  en: {
    "fileFacts.title": "Provider's details",
    "fileFacts.notFound": "This document is not in your inbox.",
    "fileFacts.size": "Size",
    "fileFacts.compressed": "compressed",
    "fileFacts.date": "File date",
    "fileFacts.version": "Version",
    "fileFacts.hash": "Checksum",
    "fileFacts.none": "The provider gives no details about the file.",
    "fileFacts.loading": "Loading the provider's details …",
    "fileFacts.error": "The provider's details could not be loaded.",
    "fileFacts.bytes": "{size} ({bytes} bytes)",
    "fileFacts.sizeDiffers": "{bytes} bytes were delivered: the size differs from the stated one (shown only).",
    "fileFacts.hashMatches": "{algorithm}: matches the delivered file.",
    "fileFacts.hashUnchecked": "{algorithm}: checked once the file is loaded.",
    "fileFacts.hashNotCheckable": "Not an MD5, SHA-1 or SHA-256 checksum: shown, not checked.",
    "fileFacts.hashMismatch":
      "The provider delivered other bytes than it describes: checksum ({algorithm}) {expected} expected, {actual} received. This document cannot be confirmed.",
    "fileFacts.confirm.hashMismatch":
      "The provider delivered other bytes than it describes: checksum ({algorithm}) {expected} expected, {actual} received. Not confirmed.",
    "fileFacts.event.hashMismatch": "Checksum ({algorithm}) does not match: {expected} expected, {actual} received",
    "fileFacts.event.refused": "Not confirmed: the provider's checksum does not match the file (nothing sent)",
  },
};

/** Messages of the document viewer (components/viewer). */
export const viewer = {
  de: {
    "viewer.loading": "Dokument wird geladen …",
    "viewer.download": "Herunterladen",
    "viewer.retry": "Erneut versuchen",
    "viewer.error": "Das Dokument konnte nicht geladen werden.",
    "viewer.errorReason": "Das Dokument konnte nicht geladen werden: {reason}",
    "viewer.errorHint": "Bitte versuchen Sie es erneut oder laden Sie die Datei herunter.",
    "viewer.errorHintRetry": "Bitte versuchen Sie es erneut.",
    "viewer.other": "Für diesen Dateityp gibt es keine Vorschau. Sie können die Datei herunterladen.",
    "viewer.downloadNamed": "Herunterladen: {filename}",
    "viewer.pdf.toolbar": "Ansicht von {filename}",
    "viewer.pdf.pages": "Seiten von {filename}",
    "viewer.pdf.prev": "Vorherige Seite",
    "viewer.pdf.next": "Nächste Seite",
    "viewer.pdf.pageOf": "Seite {page} von {pages}",
    "viewer.pdf.zoomIn": "Vergrößern",
    "viewer.pdf.zoomOut": "Verkleinern",
    "viewer.pdf.fitWidth": "An Breite anpassen",
    "viewer.pdf.zoom": "Zoom {percent} %",
    "viewer.pdf.pageImage": "{filename}, Seite {page} von {pages}",
    "viewer.pdf.page": "Seite {page} von {pages}; der Text der Seite ist auswählbar",
    "viewer.pdf.rendering": "Seite wird gezeichnet …",
    "viewer.pdf.invalid": "Die Datei ist kein lesbares PDF.",
    "viewer.pdf.password": "Das PDF ist mit einem Passwort geschützt und kann hier nicht angezeigt werden.",
    "viewer.pdf.renderFailed": "Die Seite konnte nicht gezeichnet werden.",
    "viewer.zip.caption": "Inhalt von {filename}: {count} Einträge",
    "viewer.zip.name": "Name",
    "viewer.zip.size": "Größe",
    "viewer.zip.modified": "Geändert",
    "viewer.zip.actions": "Aktionen",
    "viewer.zip.preview": "Vorschau",
    "viewer.zip.previewOf": "Vorschau von {name}",
    "viewer.zip.closePreview": "Vorschau schließen",
    "viewer.zip.downloadEntry": "Herunterladen: {name}",
    "viewer.zip.truncated":
      "Gekürzt: gezeigt werden die ersten {shown} von {total}. Für den ganzen Inhalt laden Sie den Eintrag herunter.",
    "viewer.zip.empty": "Das ZIP-Archiv ist leer.",
    "viewer.zip.invalid": "Die Datei ist kein lesbares ZIP-Archiv.",
    "viewer.zip.unsupported": "Dieser Eintrag ist verschlüsselt oder mit einem nicht unterstützten Verfahren gepackt.",
    "viewer.zip.tooLarge": "Dieser Eintrag ist zu groß, um ihn im Browser zu entpacken ({size}).",
    "viewer.zip.folder": "Ordner",
  },
  en: {
    "viewer.loading": "Loading document …",
    "viewer.download": "Download",
    "viewer.retry": "Try again",
    "viewer.error": "The document could not be loaded.",
    "viewer.errorReason": "The document could not be loaded: {reason}",
    "viewer.errorHint": "Please try again or download the file.",
    "viewer.errorHintRetry": "Please try again.",
    "viewer.other": "There is no preview for this file type. You can download the file.",
    "viewer.downloadNamed": "Download: {filename}",
    "viewer.pdf.toolbar": "View of {filename}",
    "viewer.pdf.pages": "Pages of {filename}",
    "viewer.pdf.prev": "Previous page",
    "viewer.pdf.next": "Next page",
    "viewer.pdf.pageOf": "Page {page} of {pages}",
    "viewer.pdf.zoomIn": "Zoom in",
    "viewer.pdf.zoomOut": "Zoom out",
    "viewer.pdf.fitWidth": "Fit to width",
    "viewer.pdf.zoom": "Zoom {percent} %",
    "viewer.pdf.pageImage": "{filename}, page {page} of {pages}",
    "viewer.pdf.page": "Page {page} of {pages}; the page's text can be selected",
    "viewer.pdf.rendering": "Drawing page …",
    "viewer.pdf.invalid": "The file is not a readable PDF.",
    "viewer.pdf.password": "The PDF is protected by a password and cannot be shown here.",
    "viewer.pdf.renderFailed": "The page could not be drawn.",
    "viewer.zip.caption": "Contents of {filename}: {count} entries",
    "viewer.zip.name": "Name",
    "viewer.zip.size": "Size",
    "viewer.zip.modified": "Modified",
    "viewer.zip.actions": "Actions",
    "viewer.zip.preview": "Preview",
    "viewer.zip.previewOf": "Preview of {name}",
    "viewer.zip.closePreview": "Close preview",
    "viewer.zip.downloadEntry": "Download: {name}",
    "viewer.zip.truncated": "Shortened: showing the first {shown} of {total}. Download the entry for all of it.",
    "viewer.zip.empty": "The ZIP archive is empty.",
    "viewer.zip.invalid": "The file is not a readable ZIP archive.",
    "viewer.zip.unsupported": "This entry is encrypted or packed with a method that is not supported.",
    "viewer.zip.tooLarge": "This entry is too large to unpack in the browser ({size}).",
    "viewer.zip.folder": "Folder",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    delivery: typeof delivery;
    fileFacts: typeof fileFacts;
    viewer: typeof viewer;
  }
}
