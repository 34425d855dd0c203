// What `npm run demo` prints (lib/cli/demo.mjs): a word before a long first start, the login and where to begin,
// then the server's lines without the demo's own set-up requests, so that what follows the login is one access line
// per page or action a person made (lib/cli/observe.mjs leaves the pages' reads, prefetches and probes at debug).
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

/** How long a first start takes until the printout: 8-9 s on an idle 2-core machine, 30 s on a busy one (README.md). */
const FIRST_START = "10–30 s";
/** The request id the demo gives its own requests: their access lines stay off the terminal. */
export const DEMO_REQUEST_ID = "demo-setup";

/** True when the embedded database does not exist yet: the server makes and migrates it before it is ready. */
export function isFirstStart(dataDir) {
  return !process.env.DATABASE_URL && !existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
}

/** The line before the server starts, so that the wait reads as the migration it is. */
export function startingLine(firstStart) {
  return firstStart
    ? `Datenbank wird eingerichtet (erster Start, etwa ${FIRST_START}) … / setting up the database (first start, about ${FIRST_START}) …`
    : "Server startet … / starting …";
}

/** Copies the server's output to the terminal, leaving out the access lines of the demo's own requests. */
export function passServerOutput(stream) {
  const own = new RegExp(`(req=|"reqId":")${DEMO_REQUEST_ID}\\b`);
  createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
    if (!own.test(line)) process.stdout.write(`${line}\n`);
  });
}

/**
 * The printout once the demo is ready: the login, where to begin, what the demo set up, where its data lie. Each line
 * says its words in German, then in English after " / ", labels and values alike (the values come from demo.mjs in
 * the same form).
 */
export function banner(d) {
  const mail = d.sandboxOn
    ? `${d.base}/sandbox/mail  (Sandbox-Postfach / sandbox mailbox, SMTP 127.0.0.1:${d.smtpPort})`
    : "wie SMTP_URL sagt / as SMTP_URL says";
  return `
  ARGE-Posteingang läuft / is running  (bereit nach / ready after ${d.seconds} s)
    URL:                 ${d.base}
    Anmeldung / login:   ${d.email}  /  ${d.password}
    Erste Schritte:      anmelden: die „Monatsübersicht“ zeigt je Liegenschaft, was angekommen, bestätigt und
                         weitergegeben ist; „Posteingang“: ein Dokument öffnen, bestätigen und weitergeben;
                         die E-Mails im Sandbox-Postfach
    First steps:         sign in: "Monatsübersicht" shows per property what arrived, was confirmed and handed on;
                         "Posteingang": open a document, confirm it and hand it on; the e-mails in the sandbox mailbox
                         (README.md, „Erste Schritte“ / first steps)
    Sandbox-Token:       ${d.sandboxToken}  (Authorization: Bearer … für / for ${d.base}/sandbox/api/...)
    Verbindungen / connections:        ${d.connections.status}
    Nutzeinheiten / usage units:       ${d.register}
    E-Mail an Bewohner / resident mail: ${mail}
    Sandbox-Zugangsdaten der Verbindungen (Benutzer bzw. Client-ID, Passwort bzw. Secret) /
    the connections' sandbox credentials (user or client id, password or secret):
${d.connections.credentials.join("\n")}
    Daten / data:        ${d.dataDir}
  Beenden / stop: Ctrl+C

  Zugriffe: eine Zeile je Seite oder Aktion / requests: one line per page or action
    (LOG_LEVEL=debug: auch Abrufe der Seiten, Vorabrufe, E-Mails, Proben / also the pages' reads, prefetches, e-mails, probes):`;
}
