import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

const REDACT = ["password", "secret", "clientSecret", "token", "access_token", "authorization", "cookie"];

let instance: pino.Logger | undefined;

/**
 * Structured log to stdout, created on first use. Credentials never reach it: the keys above are
 * redacted at the top level, one level down and in `headers`.
 */
export function log(): pino.Logger {
  instance ??= pino({
    level: env().logLevel,
    base: undefined,
    redact: {
      paths: REDACT.flatMap((k) => [k, `*.${k}`, `headers.${k}`, `*.headers.${k}`]),
      censor: "[redacted]",
    },
  });
  return instance;
}
