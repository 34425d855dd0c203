/**
 * Messages of the resident's consent pages (lib/handoffs/consent, components/consent): the opt-in page, the code's
 * mail, the objection page; German first, English complete.
 */
export const consentMessages = {
  de: {
    "consent.gone.title": "Dieser Link gilt nicht mehr",
    "consent.gone.text":
      "Der Link ist ungültig oder gehört zu einem Mietverhältnis, das beendet ist. Bei Fragen wenden Sie sich bitte an Ihre Hausverwaltung.",
    "consent.language": "English",
    "consent.unit": "Ihre Wohnung",
    "consent.optIn.title": "Verbrauchsinformation per E-Mail",
    "consent.optIn.intro":
      "Ihre Hausverwaltung schickt Ihnen jeden Monat die Verbrauchsinformation nach § 6a der Heizkostenverordnung. Zurzeit kommt sie per Brief. Sie können sie stattdessen per E-Mail erhalten oder im Bewohnerportal lesen.",
    "consent.optIn.choice": "Wie möchten Sie die Verbrauchsinformation erhalten?",
    "consent.optIn.email": "Ja, ich möchte die Verbrauchsinformation per E-Mail erhalten",
    "consent.optIn.portal":
      "Ja, ich möchte die Verbrauchsinformation im Bewohnerportal lesen (mit einer Nachricht per E-Mail)",
    "consent.optIn.address": "Ihre E-Mail-Adresse",
    "consent.optIn.addressHint": "Wir schicken Ihnen einen Code an diese Adresse, damit Sie sie bestätigen.",
    "consent.optIn.send": "Code senden",
    "consent.optIn.withdraw":
      "Sie können die Einwilligung jederzeit widerrufen: über den Link in jeder E-Mail, dann kommt die Verbrauchsinformation wieder per Brief.",
    "consent.code.title": "Code eingeben",
    "consent.code.sent":
      "Wir haben Ihnen einen Code mit 6 Ziffern geschickt. Er gilt {minutes} Minuten. Bitte geben Sie ihn hier ein.",
    "consent.code.label": "Code (6 Ziffern)",
    "consent.code.confirm": "Bestätigen",
    "consent.code.again": "Keinen Code erhalten oder Adresse falsch? Neuen Code anfordern",
    "consent.state.sent": "Der Code ist unterwegs. Bitte sehen Sie in Ihr Postfach (auch in den Spam-Ordner).",
    "consent.state.badEmail": "Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.",
    "consent.state.wait":
      "Ein Code ist gerade erst verschickt worden. Bitte warten Sie eine Minute, bevor Sie einen neuen anfordern.",
    "consent.state.mailOff":
      "Zurzeit können keine E-Mails verschickt werden. Bitte versuchen Sie es später noch einmal.",
    "consent.state.notSent":
      "Der Code konnte nicht an diese Adresse geschickt werden. Bitte prüfen Sie die Adresse und versuchen Sie es noch einmal.",
    "consent.state.wrong": "Der Code stimmt nicht. Sie haben noch {left} Versuche.",
    "consent.state.locked":
      "Der Code wurde zu oft falsch eingegeben und gilt nicht mehr. Bitte fordern Sie einen neuen an.",
    "consent.state.expired": "Der Code ist abgelaufen. Bitte fordern Sie einen neuen an.",
    "consent.state.none": "Bitte fordern Sie zuerst einen Code an.",
    "consent.state.malformed": "Der Code hat 6 Ziffern. Bitte geben Sie ihn noch einmal ein.",
    "consent.done.title": "Vielen Dank",
    "consent.done.email": "Sie erhalten die Verbrauchsinformation ab dem nächsten Dokument per E-Mail.",
    "consent.done.portal":
      "Sie finden die Verbrauchsinformation ab dem nächsten Dokument im Bewohnerportal; wir benachrichtigen Sie per E-Mail.",
    "consent.already.email": "Sie erhalten die Verbrauchsinformation bereits per E-Mail (seit {at}).",
    "consent.already.portal": "Sie erhalten die Verbrauchsinformation bereits im Bewohnerportal (seit {at}).",
    "consent.objectLink": "Keine E-Mails mehr: Verbrauchsinformation per Brief erhalten",
    "consent.objection.title": "Verbrauchsinformation per Brief",
    "consent.objection.intro":
      "Mit einem Klick widerrufen Sie Ihre Einwilligung: Sie bekommen keine E-Mails mehr, die Verbrauchsinformation kommt per Brief.",
    "consent.objection.button": "Per Brief erhalten",
    "consent.objection.done": "Sie erhalten die Verbrauchsinformation ab dem nächsten Dokument per Brief.",
    "consent.objection.post": "Sie erhalten die Verbrauchsinformation per Brief.",
    "consent.mail.subject": "Ihr Code: Verbrauchsinformation per E-Mail",
    "consent.mail.text":
      "Guten Tag,\n\nIhr Code lautet: {code}\n\nEr gilt {minutes} Minuten. Geben Sie ihn auf der Seite ein, auf der Sie die Verbrauchsinformation für {unit} per E-Mail bestellt haben.\n\nSie haben nichts bestellt? Dann können Sie diese E-Mail einfach löschen; es ändert sich nichts.",
  },
  en: {
    "consent.gone.title": "This link is no longer valid",
    "consent.gone.text":
      "The link is invalid or belongs to a tenancy that has ended. If you have questions, please contact your property management.",
    "consent.language": "Deutsch",
    "consent.unit": "Your home",
    "consent.optIn.title": "Consumption information by e-mail",
    "consent.optIn.intro":
      "Your property management sends you the consumption information of § 6a of the German heating costs ordinance every month. At the moment it comes by letter. You can get it by e-mail instead, or read it in the residents' portal.",
    "consent.optIn.choice": "How would you like to receive the consumption information?",
    "consent.optIn.email": "Yes, I would like to receive the consumption information by e-mail",
    "consent.optIn.portal":
      "Yes, I would like to read the consumption information in the residents' portal (with a notice by e-mail)",
    "consent.optIn.address": "Your e-mail address",
    "consent.optIn.addressHint": "We send a code to this address so that you can confirm it.",
    "consent.optIn.send": "Send code",
    "consent.optIn.withdraw":
      "You can withdraw your consent at any time through the link in every e-mail; the consumption information then comes by letter again.",
    "consent.code.title": "Enter the code",
    "consent.code.sent": "We sent you a code of 6 digits. It is valid for {minutes} minutes. Please enter it here.",
    "consent.code.label": "Code (6 digits)",
    "consent.code.confirm": "Confirm",
    "consent.code.again": "No code, or a wrong address? Ask for a new code",
    "consent.state.sent": "The code is on its way. Please look in your mailbox (and its spam folder).",
    "consent.state.badEmail": "Please enter a valid e-mail address, e.g. name@example.com.",
    "consent.state.wait": "A code was sent a moment ago. Please wait a minute before asking for a new one.",
    "consent.state.mailOff": "No e-mail can be sent at the moment. Please try again later.",
    "consent.state.notSent": "The code could not be sent to this address. Please check it and try again.",
    "consent.state.wrong": "The code is not right. You have {left} more tries.",
    "consent.state.locked": "The code was entered wrongly too often and no longer works. Please ask for a new one.",
    "consent.state.expired": "The code has expired. Please ask for a new one.",
    "consent.state.none": "Please ask for a code first.",
    "consent.state.malformed": "The code has 6 digits. Please enter it again.",
    "consent.done.title": "Thank you",
    "consent.done.email": "From the next document on, you receive the consumption information by e-mail.",
    "consent.done.portal":
      "From the next document on, you find the consumption information in the residents' portal; we tell you by e-mail.",
    "consent.already.email": "You already receive the consumption information by e-mail (since {at}).",
    "consent.already.portal": "You already receive the consumption information in the residents' portal (since {at}).",
    "consent.objectLink": "No more e-mails: receive the consumption information by letter",
    "consent.objection.title": "Consumption information by letter",
    "consent.objection.intro":
      "One click withdraws your consent: you get no more e-mails, and the consumption information comes by letter.",
    "consent.objection.button": "Receive it by letter",
    "consent.objection.done": "From the next document on, you receive the consumption information by letter.",
    "consent.objection.post": "You receive the consumption information by letter.",
    "consent.mail.subject": "Your code: consumption information by e-mail",
    "consent.mail.text":
      "Hello,\n\nyour code is: {code}\n\nIt is valid for {minutes} minutes. Enter it on the page where you asked for the consumption information of {unit} by e-mail.\n\nYou did not ask for it? Then simply delete this e-mail; nothing changes.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    consent: typeof consentMessages;
  }
}
