/**
 * Messages of lib/residents/register: the register import's errors by file, line and column, and the register API's
 * refusals (German first, English complete).
 */
export const unitsServer = {
  de: {
    "unitsApi.file.empty":
      "Die Datei ist leer. Erwartet wird eine Kopfzeile mit den Spaltennamen und darunter eine Zeile je Nutzeinheit.",
    "unitsApi.file.noNumberColumn":
      "Die Kopfzeile nennt weder die Spalte „Nutzeinheit“ (mscnumber) noch „HV-Nr.“ (pmnumber). Ohne eine davon lässt sich keine Zeile einer Nutzeinheit zuordnen.",
    "unitsApi.file.duplicateColumn":
      "Diese Spalte kommt in der Kopfzeile mehrfach vor; welche gemeint ist, bleibt offen. Bitte benennen oder entfernen Sie eine davon.",
    "unitsApi.file.unclosedQuote":
      "Hier beginnt ein Feld in Anführungszeichen, das nie geschlossen wird; der Rest der Datei wäre sonst ein einziges Feld. Bitte prüfen Sie die Anführungszeichen ab dieser Zeile.",
    "unitsApi.tooManyRows": "Die Datei hat mehr als {max} Zeilen. Bitte teilen Sie sie auf.",
    "unitsApi.notCsv":
      "Bitte senden Sie das Verzeichnis als CSV-Datei (text/csv) oder als Formular mit dem Feld „file“.",
    "unitsApi.notFound": "Diese Nutzeinheit gibt es nicht.",
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
  },
  en: {
    "unitsApi.file.empty":
      "The file is empty. A header row with the column names is expected, then one row per usage unit.",
    "unitsApi.file.noNumberColumn":
      "The header names neither the column “Nutzeinheit” (mscnumber) nor “HV-Nr.” (pmnumber). Without one of them no row can be matched to a usage unit.",
    "unitsApi.file.duplicateColumn":
      "This column appears more than once in the header; which one is meant is unclear. Please rename or remove one of them.",
    "unitsApi.file.unclosedQuote":
      "A quoted field starts here and is never closed; the rest of the file would become a single field. Please check the quotes from this line on.",
    "unitsApi.tooManyRows": "The file has more than {max} rows. Please split it.",
    "unitsApi.notCsv": "Please send the register as a CSV file (text/csv) or as a form with the field “file”.",
    "unitsApi.notFound": "This usage unit does not exist.",
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
  },
};
