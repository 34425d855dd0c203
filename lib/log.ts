import "server-only";
import type { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { env } from "@/lib/env";
import { readableDestination } from "@/lib/log-format";

/** Keys whose values never reach the log, at any depth (compared case-insensitively). */
const REDACT = new Set([
  "password",
  "passwordhash",
  "secret",
  "clientsecret",
  "secretsealed",
  "token",
  "access_token",
  "refresh_token",
  "authorization",
  "cookie",
  "set-cookie",
]);
/** Properties of errors that carry the values a query was run with (drizzle's `params`, PostgreSQL's `detail`). */
const VALUE_PROPS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);
const MAX_DEPTH = 8;
const CENSOR = "[redacted]";

/** An error's message without the values it may quote: drizzle's "params: ..." and PostgreSQL's `: "value"` tails. */
export function safeErrorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const message = err.message.split(/\nparams:/)[0]!;
  return isDatabaseError(err) ? message.replace(/: ".*"$/s, `: ${CENSOR}`) : message;
}

function isDatabaseError(err: Error): boolean {
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string";
}

function serialiseError(err: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const message = safeErrorMessage(err);
  const out: Record<string, unknown> = { type: err.name, message };
  for (const [key, value] of Object.entries(err)) {
    if (VALUE_PROPS.has(key) || key === "cause") continue;
    out[key] = REDACT.has(key.toLowerCase()) ? CENSOR : redactDeep(value, depth + 1, seen);
  }
  // The stack's first lines repeat the message (with drizzle's params): only its frames are kept.
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  out.stack = [`${err.name}: ${message}`, ...frames].join("\n");
  if (err.cause !== undefined) out.cause = redactDeep(err.cause, depth + 1, seen);
  return out;
}

/**
 * A copy of a log object in which every key of REDACT is censored at any depth, and every error
 * (at any depth, causes included) is reduced to type, message, code-like fields and frames,
 * without the parameter values of a failed query.
 */
export function redactDeep(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH || seen.has(value)) return "[…]";
  seen.add(value);
  if (value instanceof Error) return serialiseError(value, depth, seen);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1, seen));
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = REDACT.has(key.toLowerCase()) ? CENSOR : redactDeep(v, depth + 1, seen);
  return out;
}

// The request under way, kept by lib/cli/serve.mjs (lib/cli/observe.mjs) around each request, on
// globalThis: the server and every module copy of Next's bundles see the same one.
const REQUEST_CONTEXT = Symbol.for("arge-inbox.requestContext");
const LOGGER = Symbol.for("arge-inbox.log");
type Holder = { [REQUEST_CONTEXT]?: AsyncLocalStorage<{ id: string }>; [LOGGER]?: () => pino.Logger };

/** The id of the request this code runs for (echoed as its X-Request-Id), if it runs for one. */
export function currentRequestId(): string | undefined {
  return (globalThis as Holder)[REQUEST_CONTEXT]?.getStore()?.id;
}

/**
 * A logger writing to `destination` (stdout by default); tests pass their own. Every line of a request carries its
 * `reqId`.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      base: undefined,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
      formatters: { log: (obj) => redactDeep(obj) as Record<string, unknown> },
      // Errors are serialised by redactDeep above, at any depth.
      serializers: { err: (err: unknown) => err },
    },
    destination,
  );
}

let instance: pino.Logger | undefined;

/**
 * The log on stdout, created on first use: readable lines (log-format.ts) with LOG_FORMAT=pretty,
 * or unset in a terminal; JSON lines otherwise, for a machine to collect. Credentials never reach
 * it in either form: the keys above are censored at any depth, and an unexpected database error
 * is logged without its parameter values.
 */
export function log(): pino.Logger {
  if (!instance) {
    const { logLevel, logFormat, displayTimeZone } = env();
    const readable = logFormat === "pretty" || (logFormat === undefined && process.stdout.isTTY === true);
    instance = createLogger(logLevel, readable ? readableDestination(process.stdout, displayTimeZone) : undefined);
  }
  return instance;
}

// lib/cli/observe.mjs (outside the bundle) writes each request's access line through it.
(globalThis as Holder)[LOGGER] ??= log;
