/** Messages of the register in everyday use: the inbox's search over it, the register's file picker (German first, English complete). */
export const registerEveryday = {
  de: {
    "inbox.filters.searchHint":
      "Findet Nutzeinheit, HV-Nr., Bezeichnung, Dateiname und Dokument-ID sowie Liegenschaft, Adresse, Lage und Bewohner aus Ihrem Verzeichnis der Nutzeinheiten.",
    "units.import.choose": "Datei auswählen",
    "units.import.noFile": "Keine Datei ausgewählt",
  },
  en: {
    "inbox.filters.searchHint":
      "Finds usage unit, PM no., label, file name and document id, and property, address, location and resident from your register of usage units.",
    "units.import.choose": "Choose file",
    "units.import.noFile": "No file chosen",
  },
};
