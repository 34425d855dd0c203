/**
 * The e-mail side of tests: `sendWithLib` sends through lib/handoffs/mail's `sendMail` in a child process
 * (tests/support/send-mail.ts; lib/ modules load only under the react-server condition), and the
 * sandbox mailbox is read through its control API, as a script would.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MailResult } from "../../lib/handoffs/mail/send";
import type { StoredMail } from "../../lib/sandbox/mailbox/store";
import { admin } from "../conformance/support";
import type { TestServer } from "./server";
import { api, type Session } from "./session";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type OutgoingTestMail = {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType?: string; content: Buffer }[];
};

/** The sandbox mailbox of `server` as SMTP_URL, with `query` (e.g. `?socketTimeout=500`). */
export const mailboxUrl = (server: TestServer, query = "") =>
  `smtp://127.0.0.1:${server.env.SANDBOX_SMTP_PORT}${query}`;

/** sendMail's result, and everything its process printed (its log lines). */
export async function sendWithLib(
  smtpUrl: string,
  mail: OutgoingTestMail,
  env: Record<string, string> = {},
): Promise<{ result: MailResult; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "arge-mail-"));
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/support/send-mail.ts"],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        ENCRYPTION_KEYS: `m1:${randomBytes(32).toString("base64")}`,
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        SMTP_URL: smtpUrl,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
        ...env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const attachments = mail.attachments?.map(({ content, ...a }) => ({ ...a, base64: content.toString("base64") }));
  child.stdin.end(JSON.stringify({ ...mail, attachments }));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  const line = output.split("\n").find((l) => l.startsWith("RESULT "));
  if (code !== 0 || !line) throw new Error(`send-mail exited with ${code}:\n${output}`);
  return { result: JSON.parse(line.slice("RESULT ".length)) as MailResult, output };
}

export type KeptMail = StoredMail;

/** What the sandbox mailbox kept, oldest first (its control API). */
export async function keptMail(server: TestServer): Promise<KeptMail[]> {
  const res = await admin(server, "GET", "/mail");
  if (res.status !== 200) throw new Error(`GET /sandbox/api/mail: ${res.status}`);
  return (await res.json()) as KeptMail[];
}

/**
 * One round of the app's reader of the sender's mailbox now (`POST /api/admin/mailbox/read`, as an admin asks for
 * it), instead of waiting for MAIL_READ_INTERVAL_SECONDS: its outcome.
 */
export async function readMailboxNow(
  admin: Session,
  url: string,
): Promise<{ state: string; read?: number; bounced?: number; replies?: number }> {
  const res = await api(admin, url, "/api/admin/mailbox/read", { method: "POST" });
  if (res.status !== 200) throw new Error(`mailbox read: ${res.status} ${res.text}`);
  return res.body as { state: string; read?: number; bounced?: number; replies?: number };
}
