/**
 * Messages of the resident's portal and the printed letters (lib/handoffs/portal, lib/handoffs/print;
 * components/register' link buttons): German first, English complete.
 */
export const portal = {
  de: {
    "portal.publicUrlMissing":
      "Links für Briefe und E-Mails werden nur aus PUBLIC_URL gebildet, und die ist nicht gesetzt. Bitte tragen Sie die Adresse, unter der Bewohner die Anwendung erreichen, als PUBLIC_URL ein (z. B. PUBLIC_URL=https://inbox.example.de) und starten Sie neu.",
    "portal.linkTooLong":
      "Die Adresse in PUBLIC_URL ist zu lang für den QR-Code eines Briefs; es wurde nichts gedruckt. Bitte eine kürzere Adresse eintragen.",
    "portal.skip.noPublicUrl":
      "Kein Portal-Link verschickt: PUBLIC_URL ist nicht gesetzt. Bitte die Adresse der Anwendung als PUBLIC_URL eintragen und neu starten.",
    "portal.skip.byLetter":
      "Für den Bewohner ist keine E-Mail-Adresse eingetragen: Sein Portal-Link geht mit den gedruckten Briefen der Liegenschaft „{property}“ hinaus.",
    "portal.skip.revoked":
      "Der Portal-Link dieses Bewohners ist widerrufen. Stellen Sie im Verzeichnis der Nutzeinheiten einen neuen aus.",
    "portal.skip.post":
      "Der Bewohner möchte die Information per Post: Sie liegt den gedruckten Briefen der Liegenschaft „{property}“ für ihren Monat bei.",
    "portal.print.nothing":
      "Für „{property}“ und {month} gibt es nichts zu drucken: kein Bewohner mit Post und archiviertem Dokument, kein Portal-Link, der noch verschickt werden muss.",
    "portal.print.tooMany":
      "Zu viele Briefe für einen Druck (höchstens {max}). Bitte drucken Sie die Liegenschaft in Teilen.",
    "portal.print.tooLarge":
      "Die Dokumente dieses Drucks sind zusammen größer als {mb} MB. Bitte drucken Sie die Liegenschaft in Teilen.",
    "portal.print.unreadable": "Ein Dokument dieses Drucks ist keine lesbare PDF-Datei; es wurde nichts gedruckt.",
    "portal.print.tooManyPages":
      "Dieser Druck hätte mehr als {max} Seiten; es wurde nichts gedruckt. Bitte drucken Sie die Liegenschaft in Teilen, oder prüfen Sie Dokumente mit ungewöhnlich vielen Seiten.",
    "portal.print.tooSlow":
      "Der Druck hat länger als {seconds} Sekunden gedauert und wurde abgebrochen; es wurde nichts gedruckt. Bitte drucken Sie die Liegenschaft in Teilen.",
    "portal.print.tooComplex":
      "Ein Dokument dieses Drucks ist zu umfangreich, um es zu verarbeiten; es wurde nichts gedruckt. Bitte prüfen Sie die Dokumente des Monats.",
    "portal.print.cancelled": "Der Druck wurde abgebrochen; es wurde nichts gedruckt.",
    "portal.print.making": "Briefe werden erstellt …",
    "portal.print.senderAddressMissing":
      "Für die Briefe ist noch keine Absenderanschrift hinterlegt. Bitte geben Sie die Postanschrift der Hausverwaltung ein (z. B. „Musterweg 1, 20095 Hamburg“); sie steht über dem Anschriftfeld jedes Briefs.",
    "portal.print.senderAddressAsk":
      "Vor dem ersten Druck: Unter welcher Postanschrift versenden Sie die Briefe? Sie steht als Rücksendeangabe über dem Anschriftfeld.",
    "portal.print.senderAddressLabel": "Absenderanschrift",
    "portal.print.senderAddressHint": "Eine Zeile, ohne E-Mail-Adresse, z. B. „Musterweg 1, 20095 Hamburg“.",
    "portal.print.senderAddressSave": "Speichern und Briefe drucken",
    "posted.button": "Gedruckt und versandt",
    "posted.ask.title": "Briefe als gedruckt und versandt bestätigen?",
    "posted.ask.what":
      "Bestätigen Sie erst, wenn alle erstellten Briefe für „{property}“ ({month}) gedruckt und zur Post gegeben sind. Danach gelten ihre Bewohner als erreicht, und der Nachweis nennt Sie und die Zeit.",
    "posted.ask.action": "Ja, gedruckt und versandt",
    "posted.saving": "Wird gespeichert …",
    "posted.done": "Als versandt bestätigt: {n} Briefe.",
    "portal.posted.nothing":
      "Für „{property}“ und {month} gibt es keine erstellten Briefe, die noch als versandt zu bestätigen sind.",
    "portal.print.done": "Die Briefe sind erstellt und werden heruntergeladen.",
    "portal.print.failed": "Die Briefe konnten nicht erstellt werden: {reason}",
    "portal.link.noResident": "Für diese Nutzeinheit ist kein Bewohner eingetragen.",
    "portal.link.renew": "Neuen Portal-Link",
    "portal.link.renewTitle": "Neuen Portal-Link ausstellen?",
    "portal.link.renewText":
      "Der bisherige Link von {resident} wird sofort ungültig. Der neue geht mit der nächsten E-Mail oder dem nächsten gedruckten Brief an den Bewohner.",
    "portal.link.revoke": "Portal-Link widerrufen",
    "portal.link.renewLabel": "Neuen Portal-Link für Nutzeinheit {unit}",
    "portal.link.revokeLabel": "Portal-Link für Nutzeinheit {unit} widerrufen",
    "portal.link.revokeTitle": "Portal-Link widerrufen?",
    "portal.link.revokeText":
      "Der Link von {resident} wird sofort ungültig, und es geht kein neuer hinaus, bis Sie einen neuen ausstellen.",
    "portal.link.renewed": "Ein neuer Portal-Link ist ausgestellt; der bisherige gilt nicht mehr.",
    "portal.link.revoked": "Der Portal-Link ist widerrufen.",
    "portal.page.sender": "Ihre Hausverwaltung",
    "portal.page.senderUnnamed": "Ihre Hausverwaltung",
    "portal.page.contact": "Bei Fragen schreiben Sie an",
    "portal.page.title": "Ihre Verbrauchsinformationen",
    "portal.page.intro":
      "Hier finden Sie die monatlichen Verbrauchsinformationen nach § 6a der Heizkostenverordnung für Ihre Wohnung, seit Sie dort wohnen.",
    "portal.page.unit": "Wohnung",
    "portal.page.month": "Monat",
    "portal.page.file": "Datei",
    "portal.page.download": "Herunterladen",
    "portal.page.downloadOf": "Verbrauchsinformation {month} herunterladen (PDF, {size})",
    "portal.page.none": "Noch keine Verbrauchsinformation",
    "portal.page.noneText": "Sobald die erste für Ihre Wohnung vorliegt, finden Sie sie hier.",
    "portal.page.private": "Dieser Link ist nur für Sie. Bitte geben Sie ihn nicht weiter.",
    "portal.tooMany": "Zu viele Aufrufe von Ihrer Adresse. Bitte versuchen Sie es in {seconds} Sekunden noch einmal.",
  },
  en: {
    "portal.publicUrlMissing":
      "Links in letters and e-mails are built from PUBLIC_URL only, and it is not set. Set PUBLIC_URL to the address residents reach the app at (e.g. PUBLIC_URL=https://inbox.example.de) and restart.",
    "portal.linkTooLong":
      "The address in PUBLIC_URL is too long for a letter's QR code; nothing was printed. Set a shorter address.",
    "portal.skip.noPublicUrl":
      "No portal link sent: PUBLIC_URL is not set. Set the app's address as PUBLIC_URL and restart.",
    "portal.skip.byLetter":
      "No e-mail address is registered for the resident: their portal link goes out with the printed letters of the property “{property}”.",
    "portal.skip.revoked": "This resident's portal link is revoked. Issue a new one in the unit register.",
    "portal.skip.post":
      "The resident wants the information by post: it goes with the printed letters of the property “{property}” for its month.",
    "portal.print.nothing":
      "Nothing to print for “{property}” and {month}: no resident by post with an archived document, no portal link still to send.",
    "portal.print.tooMany": "Too many letters for one print (at most {max}). Please print the property in parts.",
    "portal.print.tooLarge":
      "The documents of this print are larger than {mb} MB together. Please print the property in parts.",
    "portal.print.unreadable": "A document of this print is not a readable PDF file; nothing was printed.",
    "portal.print.tooManyPages":
      "This print would have more than {max} pages; nothing was printed. Please print the property in parts, or check documents with unusually many pages.",
    "portal.print.tooSlow":
      "The print took longer than {seconds} seconds and was stopped; nothing was printed. Please print the property in parts.",
    "portal.print.tooComplex":
      "A document of this print is too complex to process; nothing was printed. Please check the month's documents.",
    "portal.print.cancelled": "The print was cancelled; nothing was printed.",
    "portal.print.making": "Creating the letters …",
    "portal.print.senderAddressMissing":
      "No sender address is stored for the letters yet. Please enter the property management's postal address (e.g. “Musterweg 1, 20095 Hamburg”); it stands above the address window of each letter.",
    "portal.print.senderAddressAsk":
      "Before the first print: from which postal address do you send the letters? It stands as the return line above the address window.",
    "portal.print.senderAddressLabel": "Sender address",
    "portal.print.senderAddressHint": "One line, no e-mail address, e.g. “Musterweg 1, 20095 Hamburg”.",
    "portal.print.senderAddressSave": "Save and print the letters",
    "posted.button": "Printed and posted",
    "posted.ask.title": "Confirm the letters as printed and posted?",
    "posted.ask.what":
      "Confirm only once all letters made for “{property}” ({month}) are printed and handed to the post. Then their residents count as reached, and the proof names you and the time.",
    "posted.ask.action": "Yes, printed and posted",
    "posted.saving": "Saving …",
    "posted.done": "Confirmed as posted: {n} letters.",
    "portal.posted.nothing":
      "For “{property}” and {month} there are no letters made that are still to be confirmed as posted.",
    "portal.print.done": "The letters are made and being downloaded.",
    "portal.print.failed": "The letters could not be made: {reason}",
    "portal.link.noResident": "No resident is registered for this unit.",
    "portal.link.renew": "New portal link",
    "portal.link.renewTitle": "Issue a new portal link?",
    "portal.link.renewText":
      "The present link of {resident} stops working at once. The new one goes to the resident with the next e-mail or printed letter.",
    "portal.link.revoke": "Revoke portal link",
    "portal.link.renewLabel": "New portal link for usage unit {unit}",
    "portal.link.revokeLabel": "Revoke the portal link of usage unit {unit}",
    "portal.link.revokeTitle": "Revoke the portal link?",
    "portal.link.revokeText":
      "The link of {resident} stops working at once, and no new one goes out until you issue one.",
    "portal.link.renewed": "A new portal link is issued; the previous one no longer works.",
    "portal.link.revoked": "The portal link is revoked.",
    "portal.page.sender": "Your property management",
    "portal.page.senderUnnamed": "Your property management",
    "portal.page.contact": "For questions, write to",
    "portal.page.title": "Your consumption information",
    "portal.page.intro":
      "Here you find the monthly consumption information under § 6a HeizkostenV for your home, since you have lived there.",
    "portal.page.unit": "Home",
    "portal.page.month": "Month",
    "portal.page.file": "File",
    "portal.page.download": "Download",
    "portal.page.downloadOf": "Download the consumption information of {month} (PDF, {size})",
    "portal.page.none": "No consumption information yet",
    "portal.page.noneText": "As soon as the first for your home is there, you find it here.",
    "portal.page.private": "This link is for you only. Please do not pass it on.",
    "portal.tooMany": "Too many requests from your address. Please try again in {seconds} seconds.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    portal: typeof portal;
  }
}
