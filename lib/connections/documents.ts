import "server-only";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { DocumentPage } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import { providerAppError } from "./errors";
import { contentDispositionFor, safeContentType } from "./files";
import { providerFor } from "./provider";

type Call = { kd?: string; signal?: AbortSignal };

export async function listDocuments(connection: ConnectionRow, page: { offset: number; limit: number } & Call): Promise<DocumentPage> {
  const client = providerFor(connection);
  try {
    return await client.listPage(page.offset, page.limit, { kd: page.kd, signal: page.signal });
  } catch (err) {
    throw providerAppError(err);
  }
}

export async function countDocuments(connection: ConnectionRow, call: Call): Promise<{ count: number }> {
  const client = providerFor(connection);
  try {
    return { count: await client.count(call) };
  } catch (err) {
    throw providerAppError(err);
  }
}

/** The provider's file as a streamed answer: never buffered whole; a stalled provider is cut off. */
export async function documentDataResponse(connection: ConnectionRow, documentid: string, call: Call): Promise<Response> {
  const client = providerFor(connection);
  try {
    const file = await client.data(documentid, call);
    const type = safeContentType(file.contentType);
    const headers = new Headers({
      "content-type": type,
      "content-disposition": contentDispositionFor(file.filename, documentid, type),
      // no-transform: the server must not gzip files (PDFs and ZIPs are compressed already; CPU per byte).
      "cache-control": "private, no-store, no-transform",
      "x-content-type-options": "nosniff",
    });
    if (file.contentLength && /^\d{1,15}$/.test(file.contentLength)) headers.set("content-length", file.contentLength);
    return new Response(file.body, { status: 200, headers });
  } catch (err) {
    throw providerAppError(err, "document");
  }
}

/**
 * Confirms one document at the provider: exactly one attempt. The later delivery record
 * (archive first, intent row, audit) hooks in here.
 */
export async function confirmDocument(connection: ConnectionRow, documentid: string, call: Call): Promise<{ documentid: string; state: "confirmed" }> {
  const client = providerFor(connection);
  let outcome;
  try {
    outcome = await client.confirm(documentid, call);
  } catch (err) {
    throw providerAppError(err, "document", { state: "failed" });
  }
  if (outcome.state === "confirmed") return { documentid, state: "confirmed" };
  const e = outcome.error;
  log().warn({ connectionId: connection.id, state: outcome.state, kind: e.kind, providerStatus: e.details.status, requestId: e.details.requestId }, "confirmation not confirmed");
  const isUnknown = outcome.state === "unknown";
  const mapped = providerAppError(e, "document") as AppError;
  throw new AppError(
    e.kind === "timeout" ? 504 : 502,
    isUnknown ? "confirm_unknown" : mapped.code,
    isUnknown ? "connections.confirmUnknown" : mapped.messageKey,
    {
      extra: {
        state: outcome.state,
        ...(e.details.status ? { providerStatus: e.details.status } : {}),
        ...(e.details.requestId ? { requestId: e.details.requestId } : {}),
      },
      cause: e,
    },
  );
}

export type TestResult = { ok: boolean; status: string; message: string; count?: number };
type TestStatus = "ok" | "auth_failed" | "unreachable" | "timeout" | "refused" | "forbidden" | "unavailable" | "wrong_address" | "secret_unreadable";

const TEST_STATUS: Record<string, TestStatus> = {
  auth: "auth_failed",
  unreachable: "unreachable",
  aborted: "unreachable",
  timeout: "timeout",
  refused: "refused",
  forbidden: "forbidden",
  unavailable: "unavailable",
  rate_limited: "unavailable",
};

/** Tries the connection (token and count) and says in plain words what happened. */
export async function testConnection(connection: ConnectionRow, translate: (key: `connections.test.${TestStatus}`, vars?: Record<string, number>) => string): Promise<TestResult> {
  let status: TestStatus;
  try {
    const client = providerFor(connection);
    const count = await client.count({});
    return { ok: true, status: "ok", message: translate("connections.test.ok", { count }), count };
  } catch (err) {
    if (err instanceof AppError && err.code === "secret_unreadable") status = "secret_unreadable";
    else if (err instanceof ProviderError) status = TEST_STATUS[err.kind] ?? "wrong_address";
    else throw err;
  }
  return { ok: false, status, message: translate(`connections.test.${status}`) };
}
