/** Messages of the sandbox mailbox's page (/sandbox/mail). */
export const sandboxMail = {
  de: {
    "nav.sandboxMail": "Sandbox-Postfach",
    "sandboxMail.title": "Sandbox-Postfach",
    "sandboxMail.unreachable":
      "Das Sandbox-Postfach hat nicht wie beschrieben geantwortet. Bitte versuchen Sie es erneut.",
    "sandboxMail.intro":
      "Hier steht, was die Sandbox über SMTP auf 127.0.0.1:{port} empfangen hat: die letzten 1000 Nachrichten. Nichts davon hat diesen Rechner verlassen.",
    "sandboxMail.order": "Reihenfolge",
    "sandboxMail.newest": "Neueste zuerst",
    "sandboxMail.oldest": "Älteste zuerst",
    "sandboxMail.count": "{count} Nachrichten",
    "sandboxMail.countOne": "1 Nachricht",
    "sandboxMail.refresh": "Aktualisieren",
    "sandboxMail.clear": "Postfach leeren",
    "sandboxMail.clearTitle": "Sandbox-Postfach leeren?",
    "sandboxMail.clearWhat": "Alle {count} Nachrichten werden gelöscht. Das lässt sich nicht rückgängig machen.",
    "sandboxMail.cleared": "Das Postfach wurde geleert.",
    "sandboxMail.empty": "Das Postfach ist leer.",
    "sandboxMail.emptyHint":
      "Mit SMTP_URL=smtp://127.0.0.1:{port} landen die E-Mails an Bewohner hier statt bei ihnen.",
    "sandboxMail.from": "Von",
    "sandboxMail.to": "An",
    "sandboxMail.at": "Empfangen",
    "sandboxMail.noSubject": "(ohne Betreff)",
    "sandboxMail.bySandbox": "Von der Sandbox gesendet (Antwort eines Bewohner-Mailservers)",
    "sandboxMail.noText": "(kein Text)",
    "sandboxMail.attachments": "Anhänge",
    "sandboxMail.unnamed": "(ohne Namen)",
    "sandboxMail.error": "Das Postfach konnte nicht geladen werden.",
  },
  en: {
    "nav.sandboxMail": "Sandbox mailbox",
    "sandboxMail.title": "Sandbox mailbox",
    "sandboxMail.unreachable": "The sandbox mailbox did not answer as documented. Please try again.",
    "sandboxMail.intro":
      "What the sandbox received over SMTP on 127.0.0.1:{port}: the last 1000 messages. None of it has left this machine.",
    "sandboxMail.order": "Order",
    "sandboxMail.newest": "Newest first",
    "sandboxMail.oldest": "Oldest first",
    "sandboxMail.count": "{count} messages",
    "sandboxMail.countOne": "1 message",
    "sandboxMail.refresh": "Refresh",
    "sandboxMail.clear": "Empty mailbox",
    "sandboxMail.clearTitle": "Empty the sandbox mailbox?",
    "sandboxMail.clearWhat": "All {count} messages are deleted. This cannot be undone.",
    "sandboxMail.cleared": "The mailbox was emptied.",
    "sandboxMail.empty": "The mailbox is empty.",
    "sandboxMail.emptyHint":
      "With SMTP_URL=smtp://127.0.0.1:{port} the e-mails to residents land here instead of reaching them.",
    "sandboxMail.from": "From",
    "sandboxMail.to": "To",
    "sandboxMail.at": "Received",
    "sandboxMail.noSubject": "(no subject)",
    "sandboxMail.bySandbox": "Sent by the sandbox (an answer of a resident's mail server)",
    "sandboxMail.noText": "(no text)",
    "sandboxMail.attachments": "Attachments",
    "sandboxMail.unnamed": "(unnamed)",
    "sandboxMail.error": "The mailbox could not be loaded.",
  },
};

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    sandboxMail: typeof sandboxMail;
  }
}
