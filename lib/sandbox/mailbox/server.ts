import "server-only";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { getDb } from "@/lib/db/client";
import { onFinish, shutdownSignal } from "@/lib/process/lifecycle";
import { takeRule } from "../faults";
import { waitForHold } from "../holds";
import { MAX_MESSAGE_BYTES, parseMail, readBounded } from "./receive";
import { answerLater, refuses } from "./residents";
import { MailFaultRule, mailRuleMatches, type SmtpCommand } from "./rules";
import { keepMail } from "./store";

/**
 * The sandbox mailbox's SMTP server (docs/sandbox.md, "The mailbox"): on loopback only, any or no
 * login, no STARTTLS (nothing leaves the machine, and a client need not trust a certificate), every
 * message kept (store.ts) unless a fault rule says otherwise or its recipient's server refuses it (residents.ts). One per process, closed at shutdown.
 */

/**
 * The open connections' sockets by client port, so that a rule can drop one (smtp-server hands handlers only the
 * session).
 */
type Sockets = Map<number, Socket>;
const KEY = Symbol.for("arge-inbox.sandbox-mailbox");
const holder = globalThis as { [KEY]?: SMTPServer };

/** A handler's answer: an error carries the SMTP code to refuse with; DROPPED means the connection is gone. */
const DROPPED = Symbol("dropped");
type Outcome = Error | typeof DROPPED | undefined;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/**
 * Applies the first mail fault rule for this command and these addresses, if any: it waits
 * `delayMs` and for its `hold` to be lifted (../holds.ts), then drops the connection without an answer, or refuses with its status.
 */
async function fault(
  sockets: Sockets,
  command: SmtpCommand,
  session: SMTPServerSession,
  addresses: string[],
): Promise<Outcome> {
  const rule = await takeRule(await getDb(), (stored) => {
    const parsed = MailFaultRule.safeParse(stored);
    return parsed.success && mailRuleMatches(parsed.data, command, addresses) ? parsed.data : undefined;
  });
  if (!rule) return undefined;
  if (rule.delayMs) await sleep(rule.delayMs);
  if (rule.hold) await waitForHold(rule.hold);
  if (rule.drop) {
    sockets.get(session.remotePort)?.destroy();
    return DROPPED;
  }
  return rule.status === undefined
    ? undefined
    : smtpError(rule.status, rule.message ?? `Error: refused by a sandbox fault rule (${command})`);
}

/** An async handler in smtp-server's callback style; a failure of its own (the database) is a transient 451. */
function answer(work: () => Promise<Outcome>, callback: (err?: Error | null) => void): void {
  work().then(
    (outcome) => {
      if (outcome !== DROPPED) callback(outcome ?? null);
    },
    (err: unknown) => {
      console.error(`sandbox mailbox: a message could not be taken: ${err instanceof Error ? err.name : "error"}`);
      callback(smtpError(451, "Error: the sandbox mailbox could not take this message, try again"));
    },
  );
}

/** Reads the message (bounded), applies the DATA rules, and keeps it. */
async function receive(sockets: Sockets, stream: SMTPServerDataStream, session: SMTPServerSession): Promise<Outcome> {
  const raw = await readBounded(stream, MAX_MESSAGE_BYTES);
  if (!raw) return smtpError(552, `Error: message exceeds fixed maximum message size ${MAX_MESSAGE_BYTES}`);
  const to = session.envelope.rcptTo.map((r) => r.address);
  const outcome = await fault(sockets, "DATA", session, to);
  if (outcome) return outcome;
  const mailFrom = session.envelope.mailFrom;
  const sender = mailFrom ? mailFrom.address : "";
  // The residents' servers (residents.ts): a refusing one keeps nothing; some answer later (a notification, a reply).
  const delivered = to.filter((a) => !refuses(a));
  if (delivered.length > 0) await keepMail(await getDb(), await parseMail(raw, { from: sender, to: delivered }));
  answerLater(raw, sender, to);
  return undefined;
}

function createServer(): SMTPServer {
  const sockets: Sockets = new Map();
  const server = new SMTPServer({
    name: "sandbox.arge-inbox.local",
    banner: "arge-inbox sandbox mailbox",
    logger: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    maxClients: 20,
    closeTimeout: 5000,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username || "anonymous" }),
    onMailFrom: (address, session, callback) =>
      answer(() => fault(sockets, "MAIL", session, [address.address]), callback),
    onRcptTo: (address, session, callback) =>
      answer(() => fault(sockets, "RCPT", session, [address.address]), callback),
    onData: (stream, session, callback) => answer(() => receive(sockets, stream, session), callback),
  });
  // A socket error (a client that resets, a port taken) reaches the server as an event: without a listener it would end
  // the process.
  server.on("error", (err: NodeJS.ErrnoException) =>
    console.error(`sandbox mailbox: socket error (${err.code ?? err.name})`),
  );
  server.server.on("connection", (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once("close", () => sockets.delete(port));
  });
  return server;
}

/**
 * Starts the mailbox on 127.0.0.1:`port` once per process. A port already taken (another instance
 * on this machine has it) is said in the log and leaves the rest of the app running: the messages
 * are in the database that instances share.
 */
export async function startMailbox(port: number): Promise<void> {
  if (holder[KEY]) return;
  const server = createServer();
  holder[KEY] = server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.server.off("error", reject);
        resolve();
      });
    });
  } catch (err) {
    console.error(
      `sandbox mailbox: SMTP port 127.0.0.1:${port} is not available (${(err as NodeJS.ErrnoException).code ?? "error"}); this instance takes no mail`,
    );
    return;
  }
  console.log(`sandbox mailbox: SMTP on 127.0.0.1:${port}`);
  // New connections stop when the drain begins; those under way get closeTimeout to finish.
  const closed = new Promise<void>((resolve) =>
    shutdownSignal().addEventListener("abort", () => server.close(resolve), { once: true }),
  );
  onFinish(() => closed);
}
