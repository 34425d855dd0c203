export const connections = {
  de: {
    "connections.notFound": "Diese Verbindung gibt es nicht.",
    "connections.secretUnreadable":
      "Das gespeicherte Passwort dieser Verbindung lässt sich nicht mehr entschlüsseln. Bitte geben Sie die Zugangsdaten der Verbindung neu ein.",
    "connections.confirmUnknown":
      "Der Anbieter hat nicht rechtzeitig geantwortet. Ob das Dokument als empfangen bestätigt wurde, ist unklar; es wird beim nächsten Abgleich geprüft.",
    "connections.error.refused":
      "Diese Adresse darf aus Sicherheitsgründen nicht aufgerufen werden (nur https-Adressen im Internet sind erlaubt). Bitte prüfen Sie die Adresse der Verbindung.",
    "connections.error.unreachable":
      "Der Anbieter ist nicht erreichbar. Bitte prüfen Sie die Adresse oder versuchen Sie es später erneut.",
    "connections.error.timeout":
      "Der Anbieter hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.",
    "connections.error.auth":
      "Der Anbieter hat die Zugangsdaten abgelehnt. Bitte prüfen Sie Benutzername und Passwort der Verbindung.",
    "connections.error.forbidden":
      "Der Anbieter verweigert den Zugriff. Bitte prüfen Sie die Kundennummer und Ihre Berechtigung beim Anbieter.",
    "connections.error.rateLimited":
      "Der Anbieter nimmt gerade zu viele Anfragen entgegen. Bitte versuchen Sie es in einigen Minuten erneut.",
    "connections.error.unavailable":
      "Der Dienst des Anbieters ist gerade gestört. Bitte versuchen Sie es später erneut.",
    "connections.error.unexpected":
      "Der Anbieter hat unerwartet geantwortet. Bitte prüfen Sie die Adresse (Basis-URL) der Verbindung.",
    "connections.error.badLink":
      "Der Anbieter verweist auf eine fremde Adresse. Die Liste wurde aus Sicherheitsgründen nicht weiter geladen.",
    "connections.error.badId": "Diese Dokumentkennung ist ungültig.",
    "connections.secretAgain":
      "Bei einer neuen Adresse oder einem neuen Benutzernamen bitte das Passwort bzw. Client-Secret erneut eingeben.",
    "connections.addressRefused":
      "Diese Adresse darf aus Sicherheitsgründen nicht aufgerufen werden: Erlaubt sind https-Adressen im Internet, interne Adressen nur nach Freigabe durch den Administrator. Bitte prüfen Sie die Adresse.",
    "connections.duplicate":
      "Ihr Team hat schon eine Verbindung zu diesem Konto: „{name}“ (derselbe Dienst, dieselbe Adresse, derselbe Benutzername bzw. dieselbe Client-ID und Kundennummer). Beide würden dieselben Dokumente zeigen; bitte verwenden Sie die vorhandene Verbindung.",
    "connections.duplicateUnshared":
      "{owner} aus Ihrem Team hat schon eine Verbindung zu diesem Konto: „{name}“ (derselbe Dienst, dieselbe Adresse, derselbe Benutzername bzw. dieselbe Client-ID und Kundennummer). Statt einer zweiten Verbindung kann {owner} diese mit dem Team teilen.",
    "connections.transferNotMember":
      "Bitte wählen Sie einen aktiven Verwalter oder Administrator aus dem Team der Verbindung.",
    "connections.notOwner":
      "Diese Verbindung gehört {owner}: Nur {owner} oder ein Administrator kann sie ändern oder löschen.",
    "connections.error.tooLarge":
      "Die Antwort des Anbieters ist zu groß und wurde abgebrochen. Bitte wenden Sie sich an den Anbieter.",
    "connections.error.countImplausible":
      "Der Anbieter meldet {count} offene Dokumente. Das kann nicht stimmen: erwartet wird eine ganze Zahl von 0 bis {max}. Die Liste wurde deshalb nicht vollständig gelesen. Bitte wenden Sie sich an den Anbieter; sind es wirklich mehr als {max} Dokumente, kann Ihr Administrator die Obergrenze SYNC_MAX_DOCUMENTS erhöhen.",
    "connections.error.countNotNumber":
      "Der Anbieter nennt als Anzahl offener Dokumente keine Zahl (erwartet wird eine ganze Zahl von 0 bis {max}). Die Liste wurde deshalb nicht vollständig gelesen. Bitte wenden Sie sich an den Anbieter.",
    "connections.error.countImplausibleLast":
      "Die Synchronisierung wurde abgebrochen: Der Anbieter meldete eine Anzahl offener Dokumente, die nicht stimmen kann (negativ, keine ganze Zahl oder mehr als die Obergrenze SYNC_MAX_DOCUMENTS). Bitte wenden Sie sich an den Anbieter.",
    "connections.error.documentNotFound":
      "Dieses Dokument gibt es beim Anbieter nicht, oder Sie haben keinen Zugriff darauf.",
    "connections.error.documentGone":
      "Dieses Dokument ist beim Anbieter nicht mehr verfügbar (bereits bestätigt oder entfernt).",
    "connections.test.ok":
      "Verbindung erfolgreich. Der Anbieter meldet jetzt {count} offene Dokumente (Stand: Anbieter, beim Test).",
    "connections.test.auth_failed":
      "Die Zugangsdaten wurden abgelehnt. Bitte prüfen Sie Benutzername und Passwort bzw. Client-ID und Secret.",
    "connections.test.unreachable":
      "Der Anbieter ist nicht erreichbar. Bitte prüfen Sie die Adresse und Ihre Internetverbindung.",
    "connections.test.timeout": "Der Anbieter hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.",
    "connections.test.refused":
      "Diese Adresse ist aus Sicherheitsgründen gesperrt. Erlaubt sind https-Adressen im Internet; interne Adressen nur nach Freigabe durch den Administrator.",
    "connections.test.forbidden":
      "Die Zugangsdaten stimmen, aber der Zugriff wurde verweigert. Bitte prüfen Sie die Kundennummer.",
    "connections.test.unavailable":
      "Der Anbieter ist erreichbar, aber sein Dienst ist gerade gestört. Bitte versuchen Sie es später erneut.",
    "connections.test.wrong_address":
      "Unter dieser Adresse antwortet kein passender Dokumentendienst. Bitte prüfen Sie die Basis-URL.",
    "connections.test.secret_unreadable":
      "Das gespeicherte Passwort lässt sich nicht entschlüsseln. Bitte geben Sie die Zugangsdaten neu ein.",
    "connections.test.implausible_count":
      "Der Dienst antwortet, meldet aber eine Anzahl offener Dokumente, die nicht stimmen kann (negativ, keine ganze Zahl oder mehr als SYNC_MAX_DOCUMENTS). Bitte wenden Sie sich an den Anbieter.",
  },
  en: {
    "connections.notFound": "This connection does not exist.",
    "connections.secretUnreadable":
      "The stored password of this connection can no longer be decrypted. Please enter the connection's credentials again.",
    "connections.confirmUnknown":
      "The provider did not answer in time. Whether the receipt was confirmed is unclear; it will be checked at the next synchronisation.",
    "connections.error.refused":
      "This address may not be called for security reasons (only https addresses on the internet are allowed). Please check the connection's address.",
    "connections.error.unreachable": "The provider cannot be reached. Please check the address or try again later.",
    "connections.error.timeout": "The provider did not answer in time. Please try again later.",
    "connections.error.auth":
      "The provider rejected the credentials. Please check the connection's user name and password.",
    "connections.error.forbidden":
      "The provider denies access. Please check the customer number and your permissions at the provider.",
    "connections.error.rateLimited": "The provider is receiving too many requests. Please try again in a few minutes.",
    "connections.error.unavailable": "The provider's service is currently disrupted. Please try again later.",
    "connections.error.unexpected":
      "The provider answered unexpectedly. Please check the connection's address (base URL).",
    "connections.error.badLink":
      "The provider points to a foreign address. For security reasons the list was not loaded further.",
    "connections.error.badId": "This document id is not valid.",
    "connections.secretAgain":
      "With a new address or a new user name, please enter the password or client secret again.",
    "connections.addressRefused":
      "This address may not be called for security reasons: https addresses on the internet are allowed, internal addresses only when the administrator has allowed them. Please check the address.",
    "connections.duplicate":
      "Your team already has a connection to this account: “{name}” (the same service, address, user name or client id and customer number). Both would show the same documents; please use the existing connection.",
    "connections.duplicateUnshared":
      "{owner} of your team already has a connection to this account: “{name}” (the same service, address, user name or client id and customer number). Instead of a second connection, {owner} can share it with the team.",
    "connections.transferNotMember": "Please choose an active manager or administrator of the connection's team.",
    "connections.notOwner":
      "This connection belongs to {owner}: only {owner} or an administrator can change or delete it.",
    "connections.error.tooLarge": "The provider's answer is too large and was cut off. Please contact the provider.",
    "connections.error.countImplausible":
      "The provider reports {count} open documents. That cannot be right: a whole number from 0 to {max} is expected. The list was therefore not read in full. Please contact the provider; if there really are more than {max} documents, your administrator can raise the limit SYNC_MAX_DOCUMENTS.",
    "connections.error.countNotNumber":
      "The provider does not give a number as its count of open documents (a whole number from 0 to {max} is expected). The list was therefore not read in full. Please contact the provider.",
    "connections.error.countImplausibleLast":
      "The synchronisation was stopped: the provider reported a number of open documents that cannot be right (negative, not a whole number, or above the limit SYNC_MAX_DOCUMENTS). Please contact the provider.",
    "connections.error.documentNotFound": "This document does not exist at the provider, or you have no access to it.",
    "connections.error.documentGone":
      "This document is no longer available at the provider (already confirmed or removed).",
    "connections.test.ok":
      "Connection works. The provider reports {count} open documents now (as of: provider, at this test).",
    "connections.test.auth_failed":
      "The credentials were rejected. Please check user name and password, or client id and secret.",
    "connections.test.unreachable":
      "The provider cannot be reached. Please check the address and your internet connection.",
    "connections.test.timeout": "The provider did not answer in time. Please try again later.",
    "connections.test.refused":
      "This address is blocked for security reasons. Allowed are https addresses on the internet; internal addresses only when an administrator allows them.",
    "connections.test.forbidden":
      "The credentials are correct, but access was denied. Please check the customer number.",
    "connections.test.unavailable":
      "The provider is reachable, but its service is currently disrupted. Please try again later.",
    "connections.test.wrong_address":
      "No matching document service answers at this address. Please check the base URL.",
    "connections.test.secret_unreadable":
      "The stored password cannot be decrypted. Please enter the credentials again.",
    "connections.test.implausible_count":
      "The service answers, but reports a number of open documents that cannot be right (negative, not a whole number, or more than SYNC_MAX_DOCUMENTS). Please contact the provider.",
  },
} as const;

export const connectionsPage = {
  de: {
    "connPage.title": "Verbindungen",
    "connPage.intro":
      "Zugangsdaten zu den Dokumentendiensten Ihrer Messdienstleister. Passwörter und Secrets werden verschlüsselt gespeichert und nie wieder angezeigt.",
    "connPage.empty": "Noch keine Verbindung. Legen Sie unten Ihre erste Verbindung an.",
    "connPage.new": "Neue Verbindung",
    "connPage.edit": "Verbindung bearbeiten",
    "connPage.name": "Name",
    "connPage.service": "Dienst",
    "connPage.service.uvi": "UVI (PDF-Zwischenmitteilungen)",
    "connPage.service.dta": "DTA (Datenaustausch als ZIP, die ältere DTA-Variante)",
    "connPage.baseUrl": "Basis-URL",
    "connPage.baseUrl.hint.uvi": "z. B. https://api.anbieter.de/arge",
    "connPage.baseUrl.hint.dta": "z. B. https://api.anbieter.de/dta",
    "connPage.authType": "Anmeldung",
    "connPage.authType.basic": "Benutzername und Passwort (Basic)",
    "connPage.authType.client_credentials": "OpenID Connect (Client-ID und Secret)",
    "connPage.authUrl": "Adresse des Identitätsdienstes",
    "connPage.authUrl.hint": "z. B. https://login.anbieter.de",
    "connPage.username": "Benutzername",
    "connPage.password": "Passwort",
    "connPage.clientId": "Client-ID",
    "connPage.clientSecret": "Client-Secret",
    "connPage.secretKeep": "Leer lassen, um das gespeicherte beizubehalten",
    "connPage.secretAgain":
      "Neue Adresse oder neuer Benutzername: bitte das Passwort bzw. Client-Secret erneut eingeben. Es wird nie an eine andere Adresse geschickt als die, für die es eingegeben wurde.",
    "connPage.customerNumber": "Kundennummer (kd, optional)",
    "connPage.onSiteRolesUrl": "Adresse für Mieterwechsel-Meldungen (on-site-roles)",
    "connPage.onSiteRolesUrl.hint":
      "Optional, z. B. https://api.anbieter.de. Mit ihr meldet die Verbindung jeden Mieterwechsel der Nutzeinheiten ihrer Dokumente, mit denselben Zugangsdaten.",
    "connPage.create": "Verbindung anlegen",
    "connPage.save": "Änderungen speichern",
    "connPage.test": "Testen",
    "connPage.testing": "Wird getestet …",
    "connPage.delete": "Löschen",
    "connPage.deleteConfirm": "Verbindung „{name}“ wirklich löschen?",
    "connPage.deleteYes": "Ja, löschen",
    "connPage.created": "Verbindung „{name}“ wurde angelegt.",
    "connPage.saved": "Verbindung „{name}“ wurde gespeichert.",
    "connPage.deleted": "Verbindung „{name}“ wurde gelöscht.",
    "connPage.actions": "Aktionen für {name}",
    "connPage.share": "Mit dem Team teilen",
    "connPage.sharedYes":
      "Ihr Team kann über diese Verbindung abrufen, lesen, bestätigen und weitergeben; die Zugangsdaten sieht niemand.",
    "connPage.sharedNo": "Nur Sie arbeiten mit dieser Verbindung.",
    "connPage.sharedBy": "Geteilt von {name}",
    "connPage.ownerLeft":
      "Eingerichtet von {name}, nicht mehr im Team oder deaktiviert. Die Verbindung dient dem ganzen Team weiter, bis ein Administrator sie überträgt oder entfernt.",
    "connPage.transferTo": "„{name}“ übertragen an",
    "connPage.transferChoose": "Person wählen …",
    "connPage.transfer": "Übertragen",
    "connPage.transferred": "„{name}“ gehört jetzt {owner}.",
    "connPage.open.one": "1 offen (wie im Posteingang: Stand des letzten Abrufs beim Anbieter)",
    "connPage.open.other": "{n} offen (wie im Posteingang: Stand des letzten Abrufs beim Anbieter)",
    "connPage.sandbox.title": "Sandbox eingeschaltet",
    "connPage.sandbox.text":
      "Diese Installation enthält einen Test-Messdienst (Sandbox) mit Beispieldaten: Dokumente mehrerer Liegenschaften als UVI (PDF) und als DTA (ZIP). Die Zugangsdaten der Demo-Verbindungen gibt „npm run demo“ beim Start im Terminal aus. Für eine Verbindung zur Sandbox: Basis-URL ist die Adresse dieser Anwendung mit /arge (UVI) oder /dta (DTA), Identitätsdienst die Adresse dieser Anwendung.",
  },
  en: {
    "connPage.title": "Connections",
    "connPage.intro":
      "Credentials for your metering providers' document services. Passwords and secrets are stored encrypted and never shown again.",
    "connPage.empty": "No connection yet. Create your first connection below.",
    "connPage.new": "New connection",
    "connPage.edit": "Edit connection",
    "connPage.name": "Name",
    "connPage.service": "Service",
    "connPage.service.uvi": "UVI (PDF interim information)",
    "connPage.service.dta": "DTA (data exchange as ZIP, the older DTA variant)",
    "connPage.baseUrl": "Base URL",
    "connPage.baseUrl.hint.uvi": "e.g. https://api.provider.de/arge",
    "connPage.baseUrl.hint.dta": "e.g. https://api.provider.de/dta",
    "connPage.authType": "Sign-in",
    "connPage.authType.basic": "User name and password (Basic)",
    "connPage.authType.client_credentials": "OpenID Connect (client id and secret)",
    "connPage.authUrl": "Identity provider address",
    "connPage.authUrl.hint": "e.g. https://login.provider.de",
    "connPage.username": "User name",
    "connPage.password": "Password",
    "connPage.clientId": "Client id",
    "connPage.clientSecret": "Client secret",
    "connPage.secretKeep": "Leave empty to keep the stored one",
    "connPage.secretAgain":
      "New address or new user name: please enter the password or client secret again. It is never sent to another address than the one it was entered for.",
    "connPage.customerNumber": "Customer number (kd, optional)",
    "connPage.onSiteRolesUrl": "Address for resident-change reports (on-site-roles)",
    "connPage.onSiteRolesUrl.hint":
      "Optional, e.g. https://api.provider.de. With it the connection reports every change of resident in its documents' units, with the same credentials.",
    "connPage.create": "Create connection",
    "connPage.save": "Save changes",
    "connPage.test": "Test",
    "connPage.testing": "Testing …",
    "connPage.delete": "Delete",
    "connPage.deleteConfirm": "Really delete the connection “{name}”?",
    "connPage.deleteYes": "Yes, delete",
    "connPage.created": "Connection “{name}” was created.",
    "connPage.saved": "Connection “{name}” was saved.",
    "connPage.deleted": "Connection “{name}” was deleted.",
    "connPage.actions": "Actions for {name}",
    "connPage.share": "Share with the team",
    "connPage.sharedYes":
      "Your team can fetch, read, confirm and hand on through this connection; nobody sees the credentials.",
    "connPage.sharedNo": "Only you work with this connection.",
    "connPage.sharedBy": "Shared by {name}",
    "connPage.ownerLeft":
      "Set up by {name}, no longer in the team or disabled. The connection keeps serving the whole team until an administrator transfers or removes it.",
    "connPage.transferTo": "Transfer “{name}” to",
    "connPage.transferChoose": "Choose a person …",
    "connPage.transfer": "Transfer",
    "connPage.transferred": "“{name}” now belongs to {owner}.",
    "connPage.open.one": "1 open (as in the inbox: as of the last fetch from the provider)",
    "connPage.open.other": "{n} open (as in the inbox: as of the last fetch from the provider)",
    "connPage.sandbox.title": "Sandbox on",
    "connPage.sandbox.text":
      "This installation contains a test metering provider (sandbox) with sample data: documents of several properties as UVI (PDF) and as DTA (ZIP). “npm run demo” prints the demo connections' credentials in the terminal when it starts. For a connection to the sandbox, the base URL is this application's address with /arge (UVI) or /dta (DTA), the identity provider this application's address.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    connections: typeof connections;
    connectionsPage: typeof connectionsPage;
  }
}
