/**
 * Messages of the mailbox read back (lib/handoffs/bounces, lib/handoffs/replies): the replies on a unit of the
 * register and the admin's warning when the mailbox cannot be read (German first, English complete).
 */
export const mailboxMessages = {
  de: {
    "replies.title": "Antworten auf E-Mails ({count})",
    "replies.kind.autoReply": "Automatische Antwort",
    "replies.kind.reply": "Antwort des Bewohners",
    "replies.noSubject": "(ohne Betreff)",
    "replies.entry": "{kind} vom {at}",
    "mailbox.warning.title":
      "Das Postfach für Rückläufer kann nicht gelesen werden: Unzustellbarkeitsmeldungen werden nicht erkannt.",
    "mailbox.warning.since": "Grund: {reason}, seit {since}.",
    "mailbox.warning.lastRead": "Zuletzt gelesen: {at}.",
    "mailbox.warning.neverRead": "Es wurde noch nie gelesen.",
    "mailbox.warning.help":
      "Prüfen Sie MAIL_IMAP_URL (Server, Port, Zugangsdaten, Ordner); Antworten der Bewohner erscheinen bis dahin nicht an den Nutzeinheiten.",
  },
  en: {
    "replies.title": "Replies to e-mails ({count})",
    "replies.kind.autoReply": "Automatic reply",
    "replies.kind.reply": "The resident's reply",
    "replies.noSubject": "(no subject)",
    "replies.entry": "{kind} of {at}",
    "mailbox.warning.title": "The mailbox for bounces cannot be read: undeliverable e-mails are not recognised.",
    "mailbox.warning.since": "Reason: {reason}, since {since}.",
    "mailbox.warning.lastRead": "Last read: {at}.",
    "mailbox.warning.neverRead": "It has never been read.",
    "mailbox.warning.help":
      "Check MAIL_IMAP_URL (server, port, credentials, folder); until then residents' replies do not appear on the units.",
  },
} as const;

// Its keys join the catalogue's type (lib/i18n/messages.ts), which imports no feature.
declare module "@/lib/i18n/messages" {
  interface MessageTables {
    mailboxMessages: typeof mailboxMessages;
  }
}
