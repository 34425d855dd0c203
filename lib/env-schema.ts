import "server-only";
import { z } from "zod";
import { isCommonPassword } from "@/lib/common-passwords";
import { ImapUrl, MailFrom, SmtpUrl } from "@/lib/mail-config";

/** The environment's variables as lib/env.ts reads them: each one's type, bounds and default. */

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

export const KeyList = z.string().transform((raw, ctx) => {
  const keys: { kid: string; key: Buffer }[] = [];
  for (const part of raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(":");
    const kid = colon > 0 ? part.slice(0, colon) : "";
    const key = Buffer.from(colon > 0 ? part.slice(colon + 1) : "", "base64");
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid) || key.length !== 32) {
      ctx.addIssue({ code: "custom", message: "expected kid:base64key entries with 32-byte keys" });
      return z.NEVER;
    }
    if (keys.some((k) => k.kid === kid)) {
      ctx.addIssue({ code: "custom", message: `key id "${kid}" appears twice` });
      return z.NEVER;
    }
    keys.push({ kid, key });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: "custom", message: "at least one key is required" });
    return z.NEVER;
  }
  return keys;
});

const Origins = z.string().transform((raw, ctx) => {
  const origins: string[] = [];
  for (const part of raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    try {
      const url = new URL(part);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
      origins.push(url.origin);
    } catch {
      ctx.addIssue({ code: "custom", message: `"${part}" is not an http(s) origin` });
      return z.NEVER;
    }
  }
  return origins;
});

/**
 * An http(s) origin with nothing after it but an optional "/", of at most 200 characters: links built on it must fit a
 * letter's QR code (lib/handoffs/print/qr.ts).
 */
const PublicUrl = z.string().transform((raw, ctx) => {
  if (raw.length > 200) {
    ctx.addIssue({ code: "custom", message: "at most 200 characters" });
    return z.NEVER;
  }
  try {
    const url = new URL(raw);
    if (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (url.pathname === "/" || url.pathname === "") &&
      !url.search &&
      !url.hash
    )
      return url.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: "expected an origin such as https://inbox.example.de" });
  return z.NEVER;
});

/** Whether Intl knows `zone` (a name such as Europe/Berlin, or UTC). */
function isTimeZone(zone: string): boolean {
  try {
    return Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export const Schema = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// URL")
      .optional(),
  ),
  AUTH_SECRET: z.preprocess(blankToUndefined, z.string().min(32, "at least 32 characters").optional()),
  ENCRYPTION_KEYS: z.preprocess(blankToUndefined, KeyList.optional()),
  ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(10, "at least 10 characters")
      .refine((p) => !isCommonPassword(p), "too common a password, choose another")
      .optional(),
  ),
  SANDBOX: z.preprocess(blankToUndefined, z.enum(["0", "1"]).optional()),
  SANDBOX_ADMIN_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, "at least 16 characters").optional()),
  PROVIDER_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  PROVIDER_URL_ALLOWLIST: z.preprocess(blankToUndefined, Origins.optional()),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  ),
  SYNC_INTERVAL_MINUTES: z.preprocess(blankToUndefined, z.coerce.number().min(0).max(10_080).default(60)),
  SYNC_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(32).default(2)),
  ARCHIVE_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  TRUSTED_PROXIES: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  SESSION_MAX_HOURS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(12),
  ),
  PUBLIC_URL: z.preprocess(blankToUndefined, PublicUrl.optional()),
  /** Set by lib/cli/serve.mjs, not by a person: the address it listens at, the sandbox's links' origin. */
  ARGE_LISTEN_URL: z.preprocess(blankToUndefined, PublicUrl.optional()),
  MAX_DOCUMENT_MB: z.preprocess(blankToUndefined, z.coerce.number().positive().max(4096).default(64)),
  OUTBOX_MAX_MB: z.preprocess(blankToUndefined, z.coerce.number().positive().max(4096).default(50)),
  SYNC_MAX_DOCUMENTS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
  ),
  ARCHIVE_MIN_FREE_MB: z.preprocess(blankToUndefined, z.coerce.number().min(0).max(1_000_000_000).default(1024)),
  DISPLAY_TIME_ZONE: z.preprocess(
    blankToUndefined,
    z.string().refine(isTimeZone, "expected an IANA time zone such as Europe/Berlin").default("Europe/Berlin"),
  ),
  LOG_FORMAT: z.preprocess(blankToUndefined, z.enum(["pretty", "json"]).optional()),
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, "at least 16 characters").optional()),
  SMTP_URL: z.preprocess(blankToUndefined, SmtpUrl.optional()),
  MAIL_FROM: z.preprocess(blankToUndefined, MailFrom.optional()),
  MAIL_IMAP_URL: z.preprocess(blankToUndefined, ImapUrl.optional()),
  MAIL_READ_INTERVAL_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().min(0.2).max(86_400).default(60)),
  SANDBOX_SMTP_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65535).default(2525)),
  PORTAL_LINK_DAYS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(3650).default(400)),
  CONSENT_CODE_MINUTES: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1440).default(30)),
  RESIDENT_RETENTION_MONTHS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1200).default(36)),
  // Hand-off records and their outcomes (the proof of a month) are kept this long (§147 AO: ten years; issue #47).
  PROOF_RETENTION_YEARS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  DB_COPY_TARGET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// URL")
      .optional(),
  ),
  SMTP_ALLOW_PLAINTEXT: z.preprocess(blankToUndefined, z.enum(["0", "1"]).optional()),
  ARGE_TEST_HOOKS: z.preprocess(blankToUndefined, z.enum(["0", "1"]).optional()),
  // Only with ARGE_TEST_HOOKS (lib/env.ts): the scrypt cost of new password hashes in a test server, a power of two.
  ARGE_TEST_SCRYPT_N: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(131072)
      .refine((n) => (n & (n - 1)) === 0, "a power of two")
      .optional(),
  ),
});
