import "server-only";
import { Readable } from "node:stream";
import { ProviderError } from "./errors";
import { parseRetryAfter, type HttpConfig, type ProviderResponse } from "./http";
import { osrPath } from "./osr-path";
import { parseJson, readMessages, readTransactionId, type OsrMessage } from "./osr-answer";
import { createRequester } from "./request";
import { answerStart, MAX_ANSWER_BYTES } from "./send";
import type { ProviderConnection, ServiceSpec } from "./service";

/**
 * One on-site-roles v2 report (the on-site-roles specification, 4.2): the unit's whole state as one POST to
 * `{v2_base}/onsiteroles/v2/billingunits/{billingunit}/residentialunits/{unit}/on-site-roles`, with
 * the connection's credentials (its token endpoint too). A write: attempted once here, within one
 * deadline; the caller sends it again while `unknown` (a whole state is safe to repeat). The answer
 * is read to MAX_ANSWER_BYTES at most and never thrown: the outcome is a value, its messages with
 * the report's `quoted` values (the people it names) taken out (osr-answer.ts).
 */

export type OsrOutcome =
  | { state: "accepted"; status: number; transactionid: string | null; messages: OsrMessage[] }
  | { state: "rejected"; status: number; messages: OsrMessage[] }
  | { state: "unknown"; status: number | null; reason: string; retryAfterMs?: number };

const osr: ServiceSpec = {
  service: "osr",
  documentsPath: "",
  dataAccept: "application/json",
  fallbackMime: "application/json",
  sendsCustomerHeader: true,
};

export { MAX_ANSWER_BYTES };

/** Whether a status says the provider may take the same report later: no answer it judged. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

export async function postReport(
  conn: ProviderConnection,
  config: HttpConfig,
  report: { billingunit: string; unit: string; body: unknown; quoted: readonly string[] },
  deadline: AbortSignal,
): Promise<OsrOutcome> {
  const req = createRequester(conn, osr, config);
  const bytes = Buffer.from(JSON.stringify(report.body));
  const url = new URL(conn.baseUrl.replace(/\/$/, "") + osrPath(report.billingunit, report.unit));
  let res: ProviderResponse;
  try {
    res = await req.call(url, "POST", "write", "application/json", { deadline }, deadline, () => ({
      body: Readable.from([bytes]),
      headers: { "content-type": "application/json", "content-length": String(bytes.length) },
    }));
  } catch (err) {
    return { state: "unknown", status: null, reason: err instanceof ProviderError ? err.kind : "unreachable" };
  }
  const answer = parseJson(await answerStart(res));
  if (res.status >= 200 && res.status < 300)
    return {
      state: "accepted",
      status: res.status,
      transactionid: readTransactionId(answer),
      messages: readMessages(answer, report.quoted),
    };
  if (isTransient(res.status))
    return {
      state: "unknown",
      status: res.status,
      reason: "unavailable",
      retryAfterMs: parseRetryAfter(res.headers["retry-after"]),
    };
  return { state: "rejected", status: res.status, messages: readMessages(answer, report.quoted) };
}
