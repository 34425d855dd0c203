import "server-only";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { env } from "@/lib/env";
import { createProviderClient, type ProviderClient } from "@/lib/provider/client";
import type { HttpConfig } from "@/lib/provider/http";
import { postReport, type OsrOutcome } from "@/lib/provider/osr";
import type { ProviderConnection } from "@/lib/provider/service";
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

function opened(row: ConnectionRow, baseUrl: string): ProviderConnection {
  const secret = openSecret(row, env().encryptionKeys);
  return {
    id: row.id,
    service: row.service,
    baseUrl,
    authUrl: row.authUrl,
    customerNumber: row.customerNumber,
    auth:
      row.authType === "basic"
        ? { type: "basic", username: row.principal, password: secret }
        : { type: "client_credentials", clientId: row.principal, clientSecret: secret },
  };
}

/** A provider client for an opened connection; the secret lives only inside the client. */
export function providerFor(row: ConnectionRow): ProviderClient {
  return createProviderClient(opened(row, row.baseUrl), httpConfig());
}

/**
 * Sends one on-site-roles v2 report with the connection's credentials to its `onSiteRolesUrl`
 * (lib/provider/osr.ts); null for a connection without one.
 */
export function reporterFor(row: ConnectionRow) {
  const base = row.onSiteRolesUrl;
  if (!base) return null;
  return (report: Parameters<typeof postReport>[2], deadline: AbortSignal): Promise<OsrOutcome> =>
    postReport(opened(row, base), httpConfig(), report, deadline);
}
