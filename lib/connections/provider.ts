import "server-only";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { env } from "@/lib/env";
import { createProviderClient, type ProviderClient } from "@/lib/provider/client";
import type { HttpConfig } from "@/lib/provider/http";
import { openSecret } from "./secrets";

/** Origins the outbound guard lets through besides public https: the allowlist, and the app itself while the sandbox runs. */
export function httpConfig(): HttpConfig {
  const e = env();
  const own = e.sandbox ? [`http://127.0.0.1:${e.port}`, `http://localhost:${e.port}`, `http://[::1]:${e.port}`] : [];
  return { timeoutMs: e.providerTimeoutMs, allowedOrigins: [...e.providerUrlAllowlist, ...own] };
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
