/**
 * Messages of the unit register's names on support's pages, CSV and grid (lib/delivery/support/register.ts):
 * properties, unit labels and the property filter (German first, English complete).
 */
export const deliveryNames = {
  de: {
    "deliveryRecord.scopeRequired":
      "Bitte wählen Sie eine Verbindung oder eine Liegenschaft, oder geben Sie eine Hausverwaltung an.",
    "deliveryRecord.csv.property": "Liegenschaft",
    "deliveryRecord.csv.address": "Adresse",
    "deliveryRecord.csv.label": "Lage",
    "deliveryNames.property": "Liegenschaft",
    "deliveryNames.propertyAll": "Alle Liegenschaften",
    "deliveryNames.label": "Lage",
    "deliveryNames.unnamed": "Ohne Liegenschaft",
    "deliveryNames.unregistered": "Nicht im Verzeichnis",
    "deliveryNames.unregisteredText": "Nicht im Verzeichnis der Nutzeinheiten des Verwalters",
    "completeness.scopeNone": "Keine",
    "completeness.propertyHint": "Nach den Verzeichnissen der Nutzeinheiten der Verwalter",
    "completeness.propertymanagement": "Hausverwaltung (Kennung beim Anbieter)",
    "completeness.propertymanagementHint": "Statt oder zusätzlich zu Verbindung und Liegenschaft, z. B. HV-7",
    "completeness.chooseScope":
      "Wählen Sie eine Verbindung oder eine Liegenschaft, oder geben Sie eine Hausverwaltung an, um die Übersicht zu sehen.",
  },
  en: {
    "deliveryRecord.scopeRequired": "Please choose a connection or a property, or name a property management.",
    "deliveryRecord.csv.property": "Property",
    "deliveryRecord.csv.address": "Address",
    "deliveryRecord.csv.label": "Location",
    "deliveryNames.property": "Property",
    "deliveryNames.propertyAll": "All properties",
    "deliveryNames.label": "Location",
    "deliveryNames.unnamed": "Without property",
    "deliveryNames.unregistered": "Not in the register",
    "deliveryNames.unregisteredText": "Not in the manager's register of usage units",
    "completeness.scopeNone": "None",
    "completeness.propertyHint": "As the managers' registers of usage units name them",
    "completeness.propertymanagement": "Property management (the provider's id)",
    "completeness.propertymanagementHint": "Instead of or in addition to connection and property, e.g. HV-7",
    "completeness.chooseScope":
      "Choose a connection or a property, or name a property management, to see the overview.",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    deliveryNames: typeof deliveryNames;
  }
}
