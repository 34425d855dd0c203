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
