import "server-only";
import { redactText } from "@/lib/redact";

/**
 * Why a send failed, from nodemailer's error (its `code`, and the SMTP answer where there was
 * one). The answer's text is the server's, so it is bounded, kept to printable characters, and
 * the recipient's address (and any other e-mail address) is taken out of it (lib/redact.ts): the
 * reason goes into records that support reads.
 */
export type MailFailure =
  /** SMTP_URL is unset: the e-mail channel is off. */
  | { kind: "off" }
  /** The server refused the recipient at RCPT TO (or nodemailer did, before sending, as no address). */
  | { kind: "refused"; code: number | null; text: string }
  /** The server refused the sender, the login or the message itself. */
  | { kind: "rejected"; code: number | null; text: string }
  /** No answer in time: connecting, the greeting, or in the middle of the dialogue. */
  | { kind: "timeout" }
  /** The connection ended before the server accepted the message. */
  | { kind: "dropped" }
  /** No connection at all: the host is unknown or refuses connections. */
  | { kind: "unreachable" }
  /** Anything else (a TLS or protocol error), named by nodemailer's code only. */
  | { kind: "error"; code: string };

type NodemailerError = {
  code?: unknown;
  command?: unknown;
  response?: unknown;
  responseCode?: unknown;
  syscall?: unknown;
};

const MAX_TEXT = 300;

/** The SMTP answer's text after its code, printable, at most MAX_TEXT characters, with `recipient` replaced. */
function answerText(response: unknown, recipient: string): string {
  const text = typeof response === "string" ? response.replace(/^\d{3}[ -]?/, "") : "";
  return redactText(text, [recipient], MAX_TEXT);
}

export function failureOf(err: unknown, recipient: string): MailFailure {
  const e = (typeof err === "object" && err !== null ? err : {}) as NodemailerError;
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  switch (e.code) {
    case "EENVELOPE":
    case "EMESSAGE":
    case "EAUTH":
      return {
        kind: e.command === "RCPT TO" || (e.code === "EENVELOPE" && e.command === "API") ? "refused" : "rejected",
        code,
        text: answerText(e.response, recipient),
      };
    case "ETIMEDOUT":
      return { kind: "timeout" };
    case "EDNS":
      return { kind: "unreachable" };
    case "ESOCKET":
      // The socket's own error: one while connecting (refused, no route) means the server was never reached.
      return e.syscall === "connect" ? { kind: "unreachable" } : { kind: "dropped" };
    case "ECONNECTION":
      return { kind: "dropped" };
    default:
      return { kind: "error", code: typeof e.code === "string" ? e.code.slice(0, 40) : "unknown" };
  }
}
