import "server-only";
import { z } from "zod";

/**
 * SMTP_URL and MAIL_FROM as lib/env.ts reads them (README.md, "Configuration"). The URL is
 * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...` (TLS from the
 * start, port 465 by default); its query may set nodemailer's three timeouts in milliseconds
 * (`connectionTimeout`, `greetingTimeout`, `socketTimeout`), nothing else.
 */

export type SmtpTimeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };
export type SmtpServer = {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  timeouts: SmtpTimeouts;
  /** STARTTLS or no send: set by `withTls` unless SMTP_ALLOW_PLAINTEXT=1. */
  requireTLS?: boolean;
};
export type MailSender = { name: string; address: string };
/** The e-mail channel's configuration; absent when SMTP_URL is unset (e-mail off). */
export type MailConfig = { smtp: SmtpServer; from: MailSender };

/** Bounds of every send: connecting, the server's greeting, and silence in the middle of the dialogue. */
const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const TIMEOUT_NAMES = Object.keys(DEFAULT_TIMEOUTS) as (keyof SmtpTimeouts)[];

function timeoutsOf(query: URLSearchParams): SmtpTimeouts | string {
  const timeouts = { ...DEFAULT_TIMEOUTS };
  for (const [name, value] of query) {
    if (!TIMEOUT_NAMES.includes(name as keyof SmtpTimeouts))
      return `unknown parameter "${name}" (only ${TIMEOUT_NAMES.join(", ")})`;
    const ms = Number(value);
    if (!Number.isInteger(ms) || ms < 100 || ms > 600_000) return `${name} must be 100 to 600000 ms`;
    timeouts[name as keyof SmtpTimeouts] = ms;
  }
  return timeouts;
}

export const SmtpUrl = z.string().transform((raw, ctx): SmtpServer => {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (
    !url ||
    (url.protocol !== "smtp:" && url.protocol !== "smtps:") ||
    !url.hostname ||
    (url.pathname !== "" && url.pathname !== "/") ||
    url.hash
  ) {
    ctx.addIssue({ code: "custom", message: "expected smtp://user:pass@host:port or smtps://..." });
    return z.NEVER;
  }
  const timeouts = timeoutsOf(url.searchParams);
  if (typeof timeouts === "string") {
    ctx.addIssue({ code: "custom", message: timeouts });
    return z.NEVER;
  }
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    timeouts,
  };
});

const isLoopback = (host: string) => host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * No login and no resident's document in clear: over `smtp://` the transport insists on STARTTLS
 * (a server that offers none, or an attacker who strips it, gets nothing) whenever the URL carries
 * credentials or the server is not on this machine. SMTP_ALLOW_PLAINTEXT=1 turns this off, for a
 * relay on a trusted network that cannot speak TLS (README.md, "Configuration").
 */
export function withTls(server: SmtpServer, allowPlaintext: boolean): SmtpServer {
  const requireTLS = !server.secure && !allowPlaintext && (server.auth !== undefined || !isLoopback(server.host));
  return { ...server, requireTLS };
}

const Address = z.email();

/** `Name <address>` or a bare address. */
export const MailFrom = z.string().transform((raw, ctx): MailSender => {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(raw);
  const name = (named?.[1] ?? "").replace(/^"(.*)"$/, "$1");
  const address = (named?.[2] ?? raw).trim();
  if (!Address.safeParse(address).success || /[\r\n]/.test(name)) {
    ctx.addIssue({ code: "custom", message: "expected an address such as Hausverwaltung Muster <uvi@muster.de>" });
    return z.NEVER;
  }
  return { name, address };
});

/**
 * MAIL_IMAP_URL as lib/env.ts reads it (README.md, "Configuration"): the sender's mailbox, read back for bounces.
 * `imaps://user:pass@host:993/INBOX` (TLS from the start) or `imap://...` (port 143, STARTTLS required unless the
 * host is this machine); the path names the folder (default INBOX); no query.
 */
export type ImapServer = {
  host: string;
  port: number;
  secure: boolean;
  /** STARTTLS or no login: every `imap://` server but one on loopback. */
  requireTLS: boolean;
  auth: { user: string; pass: string } | undefined;
  mailbox: string;
};

export const ImapUrl = z.string().transform((raw, ctx): ImapServer => {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== "imap:" && url.protocol !== "imaps:") || !url.hostname || url.search || url.hash) {
    ctx.addIssue({ code: "custom", message: "expected imaps://user:pass@host:993/INBOX or imap://..." });
    return z.NEVER;
  }
  const secure = url.protocol === "imaps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, "")) || "INBOX";
  if (/[\r\n\u0000]/.test(mailbox)) {
    ctx.addIssue({ code: "custom", message: "the folder name must be one line" });
    return z.NEVER;
  }
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    requireTLS: !secure && !isLoopback(host),
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    mailbox,
  };
});

const IMAP_KEY = Symbol.for("arge-inbox.local-imap");
const imapHolder = globalThis as { [IMAP_KEY]?: ImapServer };

/**
 * The sandbox's own IMAP server (lib/sandbox/mailbox/dovecot.ts), once it runs: the mailbox read back when
 * MAIL_IMAP_URL is unset. One per process, whichever copy of this module a route was bundled with.
 */
export function setLocalImap(server: ImapServer | undefined): void {
  imapHolder[IMAP_KEY] = server;
}

/** The mailbox read back: MAIL_IMAP_URL (`configured`), else the sandbox's own server, else none. */
export const imapMailbox = (configured: ImapServer | undefined): ImapServer | undefined =>
  configured ?? imapHolder[IMAP_KEY];

/**
 * imapflow's options for `server` (its types are not imported here): TLS from the start (`imaps`), STARTTLS required
 * where `requireTLS`, else used when offered; bounded in time; no log of its own (it would write addresses).
 */
export const imapClientOptions = (server: ImapServer) => ({
  host: server.host,
  port: server.port,
  secure: server.secure,
  ...(server.requireTLS ? { doSTARTTLS: true } : {}),
  ...(server.auth ? { auth: server.auth } : {}),
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  disableAutoIdle: true,
  logger: false as const,
});
