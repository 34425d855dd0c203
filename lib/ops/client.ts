import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { SandboxMail } from "@/lib/ops/sandbox-mail";

/**
 * The browser's side of the sandbox mailbox (docs/api.md, "`GET /api/sandbox/mail`, `DELETE /api/sandbox/mail`"): its
 * shape (the server's, type-only), key and query.
 */
export type { SandboxMail };

export const sandboxMailKeys = { all: ["sandbox-mail"] as const };

const MAIL_URL = "/api/sandbox/mail";

export const sandboxMailQuery = () =>
  queryOptions({ queryKey: sandboxMailKeys.all, queryFn: () => fetchJson<SandboxMail[]>(MAIL_URL) });

export const clearSandboxMail = () => fetchJson<void>(MAIL_URL, { method: "DELETE" });
