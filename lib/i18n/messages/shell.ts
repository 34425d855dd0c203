/**
 * Messages of the page frame (the navigation's groups, the phone's menu, the signed-in user) and of the inbox's
 * connections folded into one line on a phone.
 */
export const shell = {
  de: {
    "shell.group.month": "Tagesgeschäft",
    "nav.month": "Monatsübersicht",
    "shell.group.delivery": "Weitergabe & Zustellung",
    "shell.group.admin": "Verwaltung",
    "shell.group.sandbox": "Sandbox",
    "shell.menu": "Menü",
    "shell.menuClose": "Menü schließen",
    "shell.signedIn": "Angemeldet",
    "shell.team": "Team {name}",
    "shell.connections.one": "1 Verbindung: Abgleich und Stand",
    "shell.connections.other": "{n} Verbindungen: Abgleich und Stand",
    "shell.connections.troubled": "{n} nicht aktuell",
  },
  en: {
    "shell.group.month": "Everyday work",
    "nav.month": "The month",
    "shell.group.delivery": "Hand-off & delivery",
    "shell.group.admin": "Administration",
    "shell.group.sandbox": "Sandbox",
    "shell.menu": "Menu",
    "shell.menuClose": "Close menu",
    "shell.signedIn": "Signed in",
    "shell.team": "Team {name}",
    "shell.connections.one": "1 connection: sync and status",
    "shell.connections.other": "{n} connections: sync and status",
    "shell.connections.troubled": "{n} not current",
  },
};
