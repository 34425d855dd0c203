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
