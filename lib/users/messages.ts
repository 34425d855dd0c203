export const users = {
  de: {
    "users.title": "Benutzer",
    "users.create": "Benutzer anlegen",
    "users.email": "E-Mail-Adresse",
    "users.name": "Name",
    "users.role": "Rolle",
    "users.password": "Passwort",
    "users.newPassword": "Neues Passwort",
    "users.status": "Status",
    "users.active": "Aktiv",
    "users.disabled": "Gesperrt",
    "users.createdAt": "Angelegt",
    "users.actions": "Aktionen",
    "users.disable": "Sperren",
    "users.enable": "Entsperren",
    "users.resetPassword": "Passwort setzen",
    "users.created": "Benutzer {email} wurde angelegt.",
    "users.updated": "Benutzer {email} wurde geändert.",
    "users.emailTaken": "Diese E-Mail-Adresse ist bereits vergeben.",
    "users.notFound": "Diesen Benutzer gibt es nicht.",
    "users.teamNotFound": "Dieses Team gibt es nicht.",
    "users.selfLockout": "Sie können sich nicht selbst sperren oder Ihre eigene Administratorrolle entziehen.",
    "users.empty": "Noch keine Benutzer.",
    "users.you": "Sie",
    "users.roleChange.title": "Rolle von {email} ändern?",
    "users.roleChange.what": "Die Rolle wechselt von „{from}“ zu „{to}“.",
    "users.roleChange.sessions":
      "Die Änderung gilt sofort: Alle Sitzungen von {email} werden beendet, die Person muss sich neu anmelden.",
    "users.roleChange.action": "Rolle ändern",
  },
  en: {
    "users.title": "Users",
    "users.create": "Create user",
    "users.email": "E-mail address",
    "users.name": "Name",
    "users.role": "Role",
    "users.password": "Password",
    "users.newPassword": "New password",
    "users.status": "Status",
    "users.active": "Active",
    "users.disabled": "Disabled",
    "users.createdAt": "Created",
    "users.actions": "Actions",
    "users.disable": "Disable",
    "users.enable": "Enable",
    "users.resetPassword": "Set password",
    "users.created": "User {email} was created.",
    "users.updated": "User {email} was changed.",
    "users.emailTaken": "This e-mail address is already taken.",
    "users.notFound": "This user does not exist.",
    "users.teamNotFound": "This team does not exist.",
    "users.selfLockout": "You cannot disable yourself or remove your own administrator role.",
    "users.empty": "No users yet.",
    "users.you": "you",
    "users.roleChange.title": "Change the role of {email}?",
    "users.roleChange.what": "The role changes from “{from}” to “{to}”.",
    "users.roleChange.sessions":
      "The change applies at once: every session of {email} ends, and they have to sign in again.",
    "users.roleChange.action": "Change role",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    users: typeof users;
  }
}
