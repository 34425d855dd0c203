import "server-only";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { AppError } from "@/lib/errors";
import { ProviderError } from "@/lib/provider/errors";
import { providerFor } from "./provider";

export type TestResult = { ok: boolean; status: string; message: string; count?: number };
type TestStatus =
  | "ok"
  | "auth_failed"
  | "unreachable"
  | "timeout"
  | "refused"
  | "forbidden"
  | "unavailable"
  | "wrong_address"
  | "implausible_count"
  | "secret_unreadable";

const TEST_STATUS: Record<string, TestStatus> = {
  auth: "auth_failed",
  unreachable: "unreachable",
  aborted: "unreachable",
  timeout: "timeout",
  refused: "refused",
  forbidden: "forbidden",
  unavailable: "unavailable",
  rate_limited: "unavailable",
  implausible_count: "implausible_count",
};

/** Tries the connection (token and count) and says in plain words what happened. */
export async function testConnection(
  connection: ConnectionRow,
  translate: (key: `connections.test.${TestStatus}`, vars?: Record<string, number>) => string,
): Promise<TestResult> {
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
