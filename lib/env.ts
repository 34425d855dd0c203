import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withTls, type ImapServer, type MailConfig } from "@/lib/mail-config";
import type { z } from "zod";
import { KeyList, Schema } from "@/lib/env-schema";

/**
 * The one reader of process.env. Everything else asks `env()`.
 *
 * Outside production, secrets that are not configured are generated once into DATA_DIR and
 * reused; in production a missing secret stops the start with a message naming the variable.
 */

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  encryptionKeys: { kid: string; key: Buffer }[];
  admin: { email: string; password: string } | undefined;
  sandbox: boolean;
  sandboxAdminToken: string | undefined;
  providerTimeoutMs: number;
  providerUrlAllowlist: string[];
  logLevel: string;
  /** Minutes between background syncs of a connection; 0: no background sync. */
  syncIntervalMinutes: number;
  syncConcurrency: number;
  /** Where archived bytes go: a directory, or the database itself. */
  archive: { kind: "dir"; dir: string } | { kind: "database" };
  /** Reverse-proxy hops in front of the app; lib/cli/serve.mjs takes the client address accordingly. */
  trustedProxies: number;
  /** Absolute lifetime of a session from sign-in, in hours (refreshing does not extend it). */
  sessionMaxHours: number;
  /** The origin users reach the app at; unset: the request's own host. */
  publicUrl: string | undefined;
  /**
   * Where links in letters, mails and the portal point: PUBLIC_URL; with SANDBOX=1 and none set, the address the
   * server listens at (the demo's). Never a request's Host (issue #44). Undefined: no link can be made.
   */
  linkOrigin: string | undefined;
  /** Largest provider file viewed or archived, in bytes. */
  maxDocumentBytes: number;
  /** Largest file a user sends through a DTA connection's outbox, in bytes. */
  outboxMaxBytes: number;
  /** Most documents one sync of one connection reads. */
  syncMaxDocuments: number;
  /** Free space the archive's file system keeps: archiving stops below this many bytes (0: no check). */
  archiveMinFreeBytes: number;
  /**
   * The IANA time zone people read times in: every page (handed to the browser by app/layout.tsx), the delivery
   * record's days and the log's readable lines.
   */
  displayTimeZone: string;
  /** How log lines are written; unset: readable in a terminal, JSON otherwise (lib/log.ts). */
  logFormat: "pretty" | "json" | undefined;
  /** Bearer token of `GET /api/metrics`; unset: that route does not exist. */
  metricsToken: string | undefined;
  /** The e-mail channel (lib/mail): SMTP_URL and MAIL_FROM; unset SMTP_URL: e-mail is off. */
  mail: MailConfig | undefined;
  /**
   * MAIL_IMAP_URL: the sender's mailbox, read back for bounces (lib/handoffs/bounces); unset: the sandbox's own
   * Dovecot when it runs (`imapMailbox` of lib/mail-config.ts), else nothing is read.
   */
  imap: ImapServer | undefined;
  /** Seconds between two readings of that mailbox (MAIL_READ_INTERVAL_SECONDS). */
  mailReadIntervalMs: number;
  /** With SANDBOX=1: the sandbox mailbox's SMTP port on loopback. */
  sandboxSmtpPort: number;
  /** Days a resident's portal link (lib/handoffs/portal/links.ts) stays valid from its issue. */
  portalLinkDays: number;
  /** Minutes a code of the opt-in page (lib/handoffs/consent/codes.ts) stays valid. */
  consentCodeMinutes: number;
  /** Months after a move-out after which a former resident's personal data is erased (lib/register/tenancies/erase.ts). */
  residentRetentionMonths: number;
  /** Years a hand-off record and its outcomes are kept (lib/register/retention.ts). */
  proofRetentionYears: number;
  /** `npm run db:copy`'s target, from the environment so that its password is in no process list. */
  dbCopyTarget: string | undefined;
  /**
   * ARGE_TEST_HOOKS=1: the test helper's channel (lib/ops/test-hooks.ts); the start refuses it without that channel.
   */
  testHooks: boolean;
  /**
   * ARGE_TEST_SCRYPT_N, honoured only with `testHooks`: the scrypt N of new password hashes (lib/auth/password.ts), so
   * that a test run does not spend most of its CPU on hashes. Never set outside the test helper.
   */
  testScryptN: number | undefined;
};

type Generated = { authSecret: string; encryptionKeys: string; sandboxAdminToken: string };

/** The variables that one another's presence requires (in production, the secrets and the sandbox's token). */
function requireTogether(e: z.output<typeof Schema>, isProduction: boolean): void {
  if (isProduction) {
    for (const name of ["AUTH_SECRET", "ENCRYPTION_KEYS"] as const) {
      if (!e[name]) {
        throw new ConfigError(
          `${name} fehlt: in Produktion muss ${name} gesetzt sein. / ${name} is missing: it must be set in production.`,
        );
      }
    }
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      "ADMIN_EMAIL und ADMIN_PASSWORD gehören zusammen. / ADMIN_EMAIL and ADMIN_PASSWORD go together.",
    );
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError(
      "MAIL_FROM fehlt: mit SMTP_URL muss der Absender gesetzt sein. / MAIL_FROM is missing: it must be set with SMTP_URL.",
    );
  }
  if (e.SANDBOX === "1" && isProduction && !e.SANDBOX_ADMIN_TOKEN) {
    throw new ConfigError(
      "SANDBOX_ADMIN_TOKEN fehlt: mit SANDBOX=1 in Produktion muss er gesetzt sein. / SANDBOX_ADMIN_TOKEN is missing: it must be set with SANDBOX=1 in production.",
    );
  }
}

/** Reads DATA_DIR/generated-secrets.json, creating it on first use (written atomically). */
function generatedSecrets(dataDir: string): Generated {
  const file = path.join(dataDir, "generated-secrets.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Generated;
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const fresh: Generated = {
      authSecret: randomBytes(32).toString("base64url"),
      encryptionKeys: `k1:${randomBytes(32).toString("base64")}`,
      sandboxAdminToken: randomBytes(24).toString("base64url"),
    };
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(fresh, null, 2), { mode: 0o600 });
    renameSync(tmp, file);
    return fresh;
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = Schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration / invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);

  requireTogether(e, isProduction);
  const sandbox = e.SANDBOX === "1";
  const needsGenerated = !e.AUTH_SECRET || !e.ENCRYPTION_KEYS || (sandbox && !e.SANDBOX_ADMIN_TOKEN);
  const generated = needsGenerated && !isProduction ? generatedSecrets(dataDir) : undefined;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? generated!.authSecret,
    encryptionKeys: e.ENCRYPTION_KEYS ?? KeyList.parse(generated!.encryptionKeys),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    sandbox,
    sandboxAdminToken: sandbox ? (e.SANDBOX_ADMIN_TOKEN ?? generated!.sandboxAdminToken) : undefined,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    providerUrlAllowlist: e.PROVIDER_URL_ALLOWLIST ?? [],
    logLevel: e.LOG_LEVEL,
    syncIntervalMinutes: e.SYNC_INTERVAL_MINUTES,
    syncConcurrency: e.SYNC_CONCURRENCY,
    // Instances on one PostgreSQL stay stateless: their archive is the database unless a shared mount is named; the
    // embedded database keeps it in DATA_DIR.
    archive: e.ARCHIVE_DIR
      ? { kind: "dir", dir: path.resolve(e.ARCHIVE_DIR) }
      : e.DATABASE_URL
        ? { kind: "database" }
        : { kind: "dir", dir: path.join(dataDir, "archive") },
    trustedProxies: e.TRUSTED_PROXIES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    publicUrl: e.PUBLIC_URL,
    linkOrigin: e.PUBLIC_URL ?? (sandbox ? (e.ARGE_LISTEN_URL ?? `http://localhost:${e.PORT}`) : undefined),
    maxDocumentBytes: Math.floor(e.MAX_DOCUMENT_MB * 1024 * 1024),
    outboxMaxBytes: Math.floor(e.OUTBOX_MAX_MB * 1024 * 1024),
    syncMaxDocuments: e.SYNC_MAX_DOCUMENTS,
    archiveMinFreeBytes: Math.floor(e.ARCHIVE_MIN_FREE_MB * 1024 * 1024),
    displayTimeZone: e.DISPLAY_TIME_ZONE,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? { smtp: withTls(e.SMTP_URL, e.SMTP_ALLOW_PLAINTEXT === "1"), from: e.MAIL_FROM }
        : undefined,
    imap: e.MAIL_IMAP_URL,
    mailReadIntervalMs: Math.round(e.MAIL_READ_INTERVAL_SECONDS * 1000),
    sandboxSmtpPort: e.SANDBOX_SMTP_PORT,
    portalLinkDays: e.PORTAL_LINK_DAYS,
    consentCodeMinutes: e.CONSENT_CODE_MINUTES,
    residentRetentionMonths: e.RESIDENT_RETENTION_MONTHS,
    proofRetentionYears: e.PROOF_RETENTION_YEARS,
    dbCopyTarget: e.DB_COPY_TARGET,
    testHooks: e.ARGE_TEST_HOOKS === "1",
    testScryptN: e.ARGE_TEST_HOOKS === "1" ? e.ARGE_TEST_SCRYPT_N : undefined,
  };
}

let cached: Env | undefined;

/** The parsed configuration of this process (parsed once). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * next-auth builds its redirect URLs from NEXTAUTH_URL, else from http://localhost:3000. With
 * PUBLIC_URL they are pinned to it. Without, letting it trust the host it was reached at makes
 * them point back to this server wherever it runs: X-Forwarded-Host and -Proto, which
 * lib/cli/serve.mjs keeps only from trusted proxies and Next otherwise fills from Host and the
 * socket. Called once at start.
 */
export function letAuthUseRequestHost(): void {
  const publicUrl = env().publicUrl;
  if (publicUrl) process.env.NEXTAUTH_URL = publicUrl;
  process.env.AUTH_TRUST_HOST ??= "true";
}
