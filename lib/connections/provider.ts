import "server-only";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { env } from "@/lib/env";
import { createProviderClient, type ProviderClient } from "@/lib/provider/client";
import type { HttpConfig } from "@/lib/provider/http";
import { openSecret } from "./secrets";

/** The sandbox's own service paths: while it runs, connections may call the app there, and nowhere else in it. */
const SANDBOX_SERVICE_PATHS = ["/arge", "/dta", "/auth", "/onsiteroles"];

/**
 * What the outbound guard lets through besides public https: the allowlist, and while the sandbox
 * runs the app itself below the sandbox's service paths only (never its `/api` or `/sandbox/api`).
 */
export function httpConfig(): HttpConfig {
  const e = env();
  const own = [`http://127.0.0.1:${e.port}`, `http://localhost:${e.port}`, `http://[::1]:${e.port}`];
  return {
    timeoutMs: e.providerTimeoutMs,
    maxFileBytes: e.maxDocumentBytes,
    allowedOrigins: e.providerUrlAllowlist,
    ...(e.sandbox && { allowedPaths: { origins: own, prefixes: SANDBOX_SERVICE_PATHS } }),
  };
}

/** A provider client for an opened connection; the secret lives only inside the client. */
export function providerFor(row: ConnectionRow): ProviderClient {
  const secret = openSecret(row, env().encryptionKeys);
  return createProviderClient(
    {
      id: row.id,
      service: row.service,
      baseUrl: row.baseUrl,
      authUrl: row.authUrl,
      customerNumber: row.customerNumber,
      auth:
        row.authType === "basic"
          ? { type: "basic", username: row.principal, password: secret }
          : { type: "client_credentials", clientId: row.principal, clientSecret: secret },
    },
    httpConfig(),
  );
}
