/** Messages of the inbox's names from the unit register: properties, residents, the unregistered group (German first, English complete). */
export const inboxRegister = {
  de: {
    "inbox.property.unnamed": "Ohne Liegenschaft",
    "inbox.property.unregistered": "Nicht zugeordnet",
    "inbox.property.unregisteredText": "Diese Nutzeinheiten stehen nicht in Ihrem Verzeichnis der Nutzeinheiten.",
    "inbox.property.addUnits": "Im Verzeichnis ergänzen",
    "inbox.unit.resident": "Bewohner",
    "inbox.unit.residentOn": "{name} ({channel})",
    "inbox.unit.noResident": "nicht eingetragen",
    "inbox.filters.property": "Liegenschaft",
    "inbox.filters.allProperties": "Alle Liegenschaften",
  },
  en: {
    "inbox.property.unnamed": "Without property",
    "inbox.property.unregistered": "Not assigned",
    "inbox.property.unregisteredText": "These usage units are not in your register of usage units.",
    "inbox.property.addUnits": "Add them to the register",
    "inbox.unit.resident": "Resident",
    "inbox.unit.residentOn": "{name} ({channel})",
    "inbox.unit.noResident": "not entered",
    "inbox.filters.property": "Property",
    "inbox.filters.allProperties": "All properties",
  },
};
