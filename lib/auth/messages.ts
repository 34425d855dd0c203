export const auth = {
  de: {
    "login.title": "Anmelden",
    "login.email": "E-Mail-Adresse",
    "login.password": "Passwort",
    "login.submit": "Anmelden",
    "login.submitting": "Anmeldung läuft …",
    "login.failed": "E-Mail-Adresse oder Passwort ist falsch.",
    "login.emailMissing": "Bitte geben Sie Ihre E-Mail-Adresse ein.",
    "login.emailInvalid":
      "Das ist keine E-Mail-Adresse. Bitte prüfen Sie die Schreibweise (z. B. name@hausverwaltung.de).",
    "login.passwordMissing": "Bitte geben Sie Ihr Passwort ein.",
    "login.tooMany": "Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie {minutes} Minuten.",
    "login.unavailable": "Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es später erneut.",
    "login.intro": "Zwischenmitteilungen Ihrer Messdienstleister abrufen, weitergeben und bestätigen.",
  },
  en: {
    "login.title": "Sign in",
    "login.email": "E-mail address",
    "login.password": "Password",
    "login.submit": "Sign in",
    "login.submitting": "Signing in …",
    "login.failed": "E-mail address or password is wrong.",
    "login.emailMissing": "Please enter your e-mail address.",
    "login.emailInvalid":
      "This is not an e-mail address. Please check how it is written (e.g. name@property-management.com).",
    "login.passwordMissing": "Please enter your password.",
    "login.tooMany": "Too many failed sign-in attempts. Please wait {minutes} minutes.",
    "login.unavailable": "Signing in is not possible right now. Please try again later.",
    "login.intro": "Fetch, pass on and confirm the interim consumption information of your metering providers.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    auth: typeof auth;
  }
}
