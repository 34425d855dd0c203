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
