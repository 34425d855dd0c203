/**
 * Messages of lib/register: the register import's errors by file, line and column, and the register API's
 * refusals (German first, English complete).
 */
export const unitsServer = {
  de: {
    "unitsApi.file.empty":
      "Die Datei ist leer. Erwartet wird eine Kopfzeile mit den Spaltennamen und darunter eine Zeile je Nutzeinheit.",
    "unitsApi.file.noNumberColumn":
      "Die Kopfzeile nennt keine Spalte mit der Nummer der Nutzeinheit: weder „Nutzeinheit“ (die Nummer des Messdienstes, auch „NE-Nr.“) noch „HV-Nr.“ (Ihre eigene Nummer, auch „Einheit“, „Whg.-Nr.“ oder „Wohnung“). Ohne eine davon lässt sich keine Zeile einer Nutzeinheit zuordnen.",
    "unitsApi.file.replaceNeedsNames":
      "Die Belegung lässt sich nur aus einer Datei mit Bewohnern ersetzen: Die Kopfzeile nennt keine Spalte „Bewohner“ (oder „Mieter“, „Vorname“, „Nachname“, „Firma“).",
    "unitsApi.file.duplicateColumn":
      "Diese Spalte kommt in der Kopfzeile mehrfach vor; welche gemeint ist, bleibt offen. Bitte benennen oder entfernen Sie eine davon.",
    "unitsApi.file.unclosedQuote":
      "Hier beginnt ein Feld in Anführungszeichen, das nie geschlossen wird; der Rest der Datei wäre sonst ein einziges Feld. Bitte prüfen Sie die Anführungszeichen ab dieser Zeile.",
    "unitsApi.tooManyRows": "Die Datei hat mehr als {max} Zeilen. Bitte teilen Sie sie auf.",
    "unitsApi.notCsv":
      "Bitte senden Sie das Verzeichnis als CSV-Datei (text/csv) oder als Formular mit dem Feld „file“.",
    "unitsApi.notFound": "Diese Nutzeinheit gibt es nicht.",
    "unitsApi.onHold":
      "Diese Nutzeinheit ist wegen eines Rechtsstreits gesperrt: Solange der Vermerk besteht, wird nichts gelöscht. Heben Sie ihn im Verzeichnis auf, sobald der Rechtsstreit beendet ist.",
    "unitsApi.sinceFuture": "„Bestand seit“ darf nicht in der Zukunft liegen.",
    "unitsApi.row.noNumber":
      "Weder Nutzeinheit noch HV-Nr. angegeben: Die Zeile lässt sich keiner Nutzeinheit zuordnen.",
    "unitsApi.row.repeated":
      "Diese Nutzeinheit steht schon in Zeile {line}; die Datei darf jede Nutzeinheit nur einmal nennen.",
    "unitsApi.row.tooLong": "Zu lang: höchstens {max} Zeichen.",
    "unitsApi.row.control":
      "Enthält Steuer-, Tabulator-, Zeilenumbruch- oder Richtungszeichen, die in einem Verzeichnis nichts zu suchen haben (Zeilenumbrüche nur in der Anschrift).",
    "unitsApi.row.nameMissing":
      "Angaben zum Bewohner ohne Namen: Bitte tragen Sie den Namen ein oder leeren Sie die übrigen Bewohnerfelder.",
    "unitsApi.row.badChannel": "Unbekannter Zustellweg „{value}“: erlaubt sind E-Mail, Portal und Post.",
    "unitsApi.row.badEmail": "Keine gültige E-Mail-Adresse.",
    "unitsApi.row.emailMissing": "Zustellweg E-Mail, aber keine E-Mail-Adresse.",
    "unitsApi.row.addressMissing": "Zustellweg Post (auch wenn kein Zustellweg angegeben ist), aber keine Anschrift.",
    "unitsApi.row.portalUnreachable":
      "Zustellweg Portal, aber weder E-Mail-Adresse noch Anschrift: Der Bewohner kann seinen Zugang nicht erhalten.",
    "unitsApi.row.badDate":
      "Kein gültiges Datum „{value}“: erwartet wird TT.MM.JJJJ (z. B. 01.10.2026) oder JJJJ-MM-TT.",
    "unitsApi.row.addressIncomplete":
      "Anschrift unvollständig: Für die Anschrift aus Straße, Hausnummer, PLZ und Ort braucht es mindestens Straße und Ort.",
    "unitsApi.row.contradicts":
      "Widerspricht Zeile {line}: Die Zeilen einer Nutzeinheit müssen bei Nutzeinheit, HV-Nr., Abrechnungseinheit, Liegenschaft, Adresse und Lage übereinstimmen.",
    "unitsApi.row.heldBack":
      "Nicht übernommen: Zeile {line} derselben Nutzeinheit hat einen Fehler, und eine Nutzeinheit wird nur ganz übernommen.",
    "unitsApi.row.vacancyWithoutStart":
      "Auszug ohne Bewohner und ohne Einzug: Für einen Leerstand bitte angeben, ab wann die Wohnung leer steht (Einzug).",
    "unitsApi.row.changedWithoutMoveIn":
      "Anderer Bewohner als bisher ({before}), aber kein Einzug: Bitte das Einzugsdatum angeben, damit feststeht, wem welcher Monat gehört.",
    "unitsApi.row.newWithoutMoveIn":
      "Bewohner ohne Einzug, obwohl die Nutzeinheit schon eine Belegung hat: Bitte das Einzugsdatum angeben.",
    "unitsApi.row.residentDropped":
      "Kein Bewohner angegeben, im Verzeichnis wohnt hier aber {before}: Für einen Auszug oder Leerstand bitte das Datum angeben (Auszug, oder Einzug des Leerstands).",
    "unitsApi.row.reversed": "Der Auszug liegt vor dem Einzug.",
    "unitsApi.row.twoWithoutMoveIn":
      "Mehr als eine Belegung ohne Einzug: Nur die älteste darf ohne Datum sein (wohnt dort seit vor jedem Dokument).",
    "unitsApi.row.overlapsLine": "Überschneidet sich mit der Belegung aus Zeile {line}.",
    "unitsApi.row.overlapsStored":
      "Überschneidet sich mit der gespeicherten Belegung von {who} ({from} bis {to}): Bitte die Daten prüfen.",
    "unitsApi.row.overlapsVacancy":
      "Überschneidet sich mit dem gespeicherten Leerstand ({from} bis {to}): Bitte die Daten prüfen.",
    "unitsApi.row.contractRepeated":
      "Diese Vertragsnummer steht für dieselbe Nutzeinheit schon in Zeile {line}; jede Belegung hat ihre eigene.",
    "unitsApi.history.moveIn": "Einzug korrigiert {from} → {to}",
    "unitsApi.history.moveInLearnt": "Einzug eingetragen: {to}",
    "unitsApi.history.moveInDropped": "Einzug entfernt (bisher {from})",
    "unitsApi.history.moveOut": "Auszug korrigiert {from} → {to}",
    "unitsApi.history.moveOutLearnt": "Auszug eingetragen: {to}",
    "unitsApi.history.moveOutDropped": "Auszug entfernt (bisher {from}): wohnt weiter dort",
    "unitsApi.history.added": "Neu: {who} {period}",
    "unitsApi.history.removed": "Entfällt: {who} {period}",
    "unitsApi.history.vacancy": "Leerstand",
    "unitsApi.history.erased": "Belegung mit gelöschten Bewohnerdaten",
    "unitsApi.period.range": "{from} bis {to}",
    "unitsApi.period.from": "ab {from}",
    "unitsApi.period.until": "bis {to}",
    "unitsApi.period.always": "ohne Datum",
    "unitsApi.channel.noConsent":
      "Post, obwohl eine E-Mail-Adresse angegeben ist: E-Mail oder Portal braucht die Einwilligung des Bewohners, und die Datei hat keine Spalte „Zustellweg“, die sie erfasst. Tragen Sie dort „E-Mail“ oder „Portal“ ein, wenn der Bewohner eingewilligt hat.",
    "unitsApi.channel.emptyChannel":
      "Post, obwohl eine E-Mail-Adresse angegeben ist: Der Zustellweg ist leer, und ohne erfasste Einwilligung gilt der Brief (E-Mail oder Portal braucht die Einwilligung des Bewohners). Tragen Sie „E-Mail“ oder „Portal“ ein, wenn der Bewohner eingewilligt hat.",
    "unitsApi.noPresentResident":
      "Hier wohnt derzeit niemand, dessen Angaben sich bearbeiten ließen. Einen Einzug erfassen Sie als Mieterwechsel.",
  },
  en: {
    "unitsApi.file.empty":
      "The file is empty. A header row with the column names is expected, then one row per usage unit.",
    "unitsApi.file.noNumberColumn":
      "The header names no column with the usage unit's number: neither “Nutzeinheit” (usage unit, the metering service's number, also “NE-Nr.”) nor “HV-Nr.” (your own number, also “Einheit”, “Whg.-Nr.” or “Wohnung”). Without one of them no row can be matched to a usage unit.",
    "unitsApi.file.replaceNeedsNames":
      "Only a file with residents can replace the tenancies: the header names no column “Bewohner” (resident; or “Mieter”, “Vorname”, “Nachname”, “Firma”).",
    "unitsApi.file.duplicateColumn":
      "This column appears more than once in the header; which one is meant is unclear. Please rename or remove one of them.",
    "unitsApi.file.unclosedQuote":
      "A quoted field starts here and is never closed; the rest of the file would become a single field. Please check the quotes from this line on.",
    "unitsApi.tooManyRows": "The file has more than {max} rows. Please split it.",
    "unitsApi.notCsv": "Please send the register as a CSV file (text/csv) or as a form with the field “file”.",
    "unitsApi.notFound": "This usage unit does not exist.",
    "unitsApi.onHold":
      "This usage unit is on a legal hold: while the hold stands, nothing is erased. Lift it in the register once the dispute has ended.",
    "unitsApi.sinceFuture": "“On record since” must not be in the future.",
    "unitsApi.row.noNumber":
      "Neither usage unit nor property management number given: the row cannot be matched to a usage unit.",
    "unitsApi.row.repeated": "This usage unit is already in line {line}; the file may name each usage unit only once.",
    "unitsApi.row.tooLong": "Too long: at most {max} characters.",
    "unitsApi.row.control":
      "Contains control, tab, line-break or direction characters that have no place in a register (line breaks only in the postal address).",
    "unitsApi.row.nameMissing":
      "Resident details without a name: please enter the name or empty the other resident fields.",
    "unitsApi.row.badChannel": "Unknown delivery channel “{value}”: allowed are E-Mail, Portal and Post.",
    "unitsApi.row.badEmail": "Not a valid e-mail address.",
    "unitsApi.row.emailMissing": "Delivery channel e-mail, but no e-mail address.",
    "unitsApi.row.addressMissing": "Delivery channel post (also when no channel is given), but no postal address.",
    "unitsApi.row.portalUnreachable":
      "Delivery channel portal, but neither an e-mail address nor a postal address: the resident cannot receive their access.",
    "unitsApi.row.badDate": "Not a valid date “{value}”: expected DD.MM.YYYY (e.g. 01.10.2026) or YYYY-MM-DD.",
    "unitsApi.row.addressIncomplete":
      "Postal address incomplete: an address from street, house number, postcode and town needs at least street and town.",
    "unitsApi.row.contradicts":
      "Contradicts line {line}: the rows of one usage unit must agree on usage unit, PM number, billing unit, property, address and location.",
    "unitsApi.row.heldBack":
      "Not applied: line {line} of the same usage unit has an error, and a usage unit is applied only as a whole.",
    "unitsApi.row.vacancyWithoutStart":
      "Move-out without resident and without move-in: for a vacancy, please give the day it starts (move-in).",
    "unitsApi.row.changedWithoutMoveIn":
      "A different resident than before ({before}), but no move-in: please give the move-in date, so that each month has its resident.",
    "unitsApi.row.newWithoutMoveIn":
      "Resident without move-in although the usage unit already has a tenancy: please give the move-in date.",
    "unitsApi.row.residentDropped":
      "No resident given, but the register has {before} living here: for a move-out or vacancy please give its date (move-out, or the vacancy's move-in).",
    "unitsApi.row.reversed": "The move-out lies before the move-in.",
    "unitsApi.row.twoWithoutMoveIn":
      "More than one tenancy without move-in: only the oldest may lack a date (living there since before any document).",
    "unitsApi.row.overlapsLine": "Overlaps the tenancy of line {line}.",
    "unitsApi.row.overlapsStored": "Overlaps the stored tenancy of {who} ({from} to {to}): please check the dates.",
    "unitsApi.row.overlapsVacancy": "Overlaps the stored vacancy ({from} to {to}): please check the dates.",
    "unitsApi.row.contractRepeated":
      "This contract number is already on line {line} for the same usage unit; each tenancy has its own.",
    "unitsApi.history.moveIn": "Move-in corrected {from} → {to}",
    "unitsApi.history.moveInLearnt": "Move-in added: {to}",
    "unitsApi.history.moveInDropped": "Move-in removed (was {from})",
    "unitsApi.history.moveOut": "Move-out corrected {from} → {to}",
    "unitsApi.history.moveOutLearnt": "Move-out added: {to}",
    "unitsApi.history.moveOutDropped": "Move-out removed (was {from}): still living there",
    "unitsApi.history.added": "New: {who} {period}",
    "unitsApi.history.removed": "Dropped: {who} {period}",
    "unitsApi.history.vacancy": "Vacancy",
    "unitsApi.history.erased": "Tenancy with erased resident data",
    "unitsApi.period.range": "{from} to {to}",
    "unitsApi.period.from": "from {from}",
    "unitsApi.period.until": "until {to}",
    "unitsApi.period.always": "without dates",
    "unitsApi.channel.noConsent":
      "Post although an e-mail address is given: e-mail or portal needs the resident's consent, and the file has no column “Zustellweg” (delivery channel) recording it. Enter “E-Mail” or “Portal” there if the resident consented.",
    "unitsApi.channel.emptyChannel":
      "Post although an e-mail address is given: the delivery channel (“Zustellweg”) is empty, and without recorded consent the letter applies (e-mail or portal needs the resident's consent). Enter “E-Mail” or “Portal” if the resident consented.",
    "unitsApi.noPresentResident":
      "Nobody lives here at present whose details could be edited. Record a move-in as a change of resident.",
  },
};

/**
 * Messages of the admin's page for residents' erasure requests (components/register/residents-admin.tsx;
 * German first, English complete).
 */
export const residentsErasure = {
  de: {
    "nav.residents": "Bewohnerdaten",
    "residents.title": "Bewohnerdaten",
    "residents.intro":
      "Für das Löschersuchen eines Bewohners (Art. 17 DSGVO): Suchen Sie in den Verzeichnissen aller Benutzer nach Name oder E-Mail-Adresse des Bewohners oder nach der Nummer der Nutzeinheit, und löschen Sie seine Daten. Gelöscht werden Name, E-Mail-Adresse, Zustellweg und Anschrift; die Nutzeinheit bleibt im Verzeichnis.",
    "residents.filters": "Bewohner suchen",
    "residents.q": "Name, E-Mail-Adresse oder Nutzeinheit",
    "residents.qHint": "Mindestens {min} Zeichen; Groß- und Kleinschreibung zählt nicht.",
    "residents.qTooShort": "Geben Sie mindestens 2 Zeichen ein.",
    "residents.search": "Suchen",
    "residents.prompt": "Suchen Sie nach dem Bewohner, der die Löschung verlangt.",
    "residents.empty": "Kein Bewohner passt zu dieser Suche.",
    "residents.loadFailed": "Die Suche ist fehlgeschlagen: {reason}",
    "residents.caption": "Bewohner {first} bis {last} von {count}",
    "residents.col.owner": "Verzeichnis von",
    "residents.pageSize": "Bewohner pro Seite",
    "residents.erase": "Daten löschen",
    "residents.eraseLabel": "Daten von {name} (Nutzeinheit {unit}) löschen",
    "residents.erase.title": "Daten von {name} löschen?",
    "residents.erase.what":
      "Nutzeinheit {unit} im Verzeichnis von {owner}: Name, E-Mail-Adresse, Zustellweg und Anschrift des Bewohners werden gelöscht.",
    "residents.erase.stays": "Die Nutzeinheit bleibt im Verzeichnis. Die Löschung lässt sich nicht rückgängig machen.",
    "residents.erase.action": "Endgültig löschen",
    "residents.erased":
      "Die Daten des Bewohners der Nutzeinheit {unit} im Verzeichnis von {owner} sind gelöscht. Die Nutzeinheit bleibt bestehen.",
    "residents.eraseFailed": "Die Daten konnten nicht gelöscht werden: {reason}",
  },
  en: {
    "nav.residents": "Resident data",
    "residents.title": "Resident data",
    "residents.intro":
      "For a resident's erasure request (Art. 17 GDPR): search every user's register by the resident's name or e-mail address or by the usage unit's number, and erase their data. Name, e-mail address, delivery channel and postal address are erased; the usage unit stays in the register.",
    "residents.filters": "Search residents",
    "residents.q": "Name, e-mail address or usage unit",
    "residents.qHint": "At least {min} characters; case does not matter.",
    "residents.qTooShort": "Enter at least 2 characters.",
    "residents.search": "Search",
    "residents.prompt": "Search for the resident who asks for erasure.",
    "residents.empty": "No resident matches this search.",
    "residents.loadFailed": "The search failed: {reason}",
    "residents.caption": "Residents {first} to {last} of {count}",
    "residents.col.owner": "Register of",
    "residents.pageSize": "Residents per page",
    "residents.erase": "Erase data",
    "residents.eraseLabel": "Erase the data of {name} (usage unit {unit})",
    "residents.erase.title": "Erase the data of {name}?",
    "residents.erase.what":
      "Usage unit {unit} in the register of {owner}: the resident's name, e-mail address, delivery channel and postal address are erased.",
    "residents.erase.stays": "The usage unit stays in the register. The erasure cannot be undone.",
    "residents.erase.action": "Erase for good",
    "residents.erased":
      "The data of the resident of usage unit {unit} in the register of {owner} are erased. The usage unit stays.",
    "residents.eraseFailed": "The data could not be erased: {reason}",
  },
};

/** Messages of a unit's legal hold on the register page and the admin's erasure page (lib/register/hold.ts). */
export const unitHold = {
  de: {
    "units.hold.badge": "Rechtsstreit: {reason}",
    "units.hold.detail": "Gesperrt gegen jede Löschung, vermerkt von {by} am {at}.",
    "units.hold.someone": "einem gelöschten Benutzer",
    "units.hold.open": "Rechtsstreit",
    "units.hold.openLabel": "Rechtsstreit für Nutzeinheit {unit} vermerken oder aufheben",
    "units.hold.title": "Rechtsstreit: Nutzeinheit {unit}",
    "units.hold.intro":
      "Solange der Vermerk besteht, wird nichts dieser Nutzeinheit gelöscht: keine Daten ehemaliger Bewohner nach Ablauf der Frist, keine Zustellnachweise, auch nicht auf Antrag.",
    "units.hold.reason": "Grund",
    "units.hold.reasonHint": "Etwa Gericht und Aktenzeichen; höchstens 500 Zeichen.",
    "units.hold.save": "Vermerk speichern",
    "units.hold.lift": "Vermerk aufheben",
    "units.hold.liftTitle": "Vermerk für Nutzeinheit {unit} aufheben?",
    "units.hold.liftWhat":
      "Danach gelten die Löschfristen wieder: Die nächste Löschung erfasst auch diese Nutzeinheit.",
    "units.hold.saved": "Rechtsstreit für Nutzeinheit {unit} vermerkt.",
    "units.hold.lifted": "Vermerk für Nutzeinheit {unit} aufgehoben.",
    "residents.held": "Keine Löschung, solange der Vermerk besteht.",
  },
  en: {
    "units.hold.badge": "Legal hold: {reason}",
    "units.hold.detail": "Held against every erasure, set by {by} on {at}.",
    "units.hold.someone": "a deleted user",
    "units.hold.open": "Legal hold",
    "units.hold.openLabel": "Set or lift a legal hold for usage unit {unit}",
    "units.hold.title": "Legal hold: usage unit {unit}",
    "units.hold.intro":
      "While the hold stands, nothing of this usage unit is erased: no former resident's data after the retention period, no proof of delivery, not even on request.",
    "units.hold.reason": "Reason",
    "units.hold.reasonHint": "For example the court and the case number; at most 500 characters.",
    "units.hold.save": "Save hold",
    "units.hold.lift": "Lift hold",
    "units.hold.liftTitle": "Lift the hold of usage unit {unit}?",
    "units.hold.liftWhat": "The retention periods apply again: the next erasure includes this usage unit.",
    "units.hold.saved": "Legal hold for usage unit {unit} saved.",
    "units.hold.lifted": "Hold of usage unit {unit} lifted.",
    "residents.held": "Not erased while the hold stands.",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    unitsServer: typeof unitsServer;
    residentsErasure: typeof residentsErasure;
    unitHold: typeof unitHold;
  }
}
