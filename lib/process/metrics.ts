import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/**
 * The process's metrics (docs/api.md, `GET /api/metrics`). Labels are bounded by construction: never a user, an e-mail
 * address, a document, a connection or a secret. One registry per process on globalThis, looked up by name, so
 * observe.mjs (outside Next's bundles) and every copy of the bundles count into the same metrics.
 */

const REGISTRY = Symbol.for("arge-inbox.metrics");
type Holder = { [REGISTRY]?: Registry };

/** The shared registry; lib/cli/observe.mjs makes it the same way when the server starts first. */
export function metricsRegistry(): Registry {
  const holder = globalThis as Holder;
  if (!holder[REGISTRY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    holder[REGISTRY] = registry;
  }
  return holder[REGISTRY];
}

function shared<M>(name: string, make: (registers: Registry[]) => M): M {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as M | undefined) ?? make([registry]);
}

/** Seconds from the provider's slowest plausible answer down to a local sandbox's. */
const PROVIDER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds of a whole sync, from a handful of documents to a walk of a million. */
const SYNC_BUCKETS = [0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600];

export type ProviderService = "uvi" | "dta" | "oidc" | "osr";
/**
 * An answer's status (counted by its class), or how an exchange without an answer ended (`aborted`: by our side, e.g. a
 * sync that stopped).
 */
export type ProviderOutcome = number | "timeout" | "aborted" | "error";

/** One HTTP exchange with a provider (each attempt of a retried read counts), up to its answer's head. */
export function countProviderRequest(service: ProviderService, outcome: ProviderOutcome, seconds: number): void {
  const status = typeof outcome === "number" ? `${Math.min(5, Math.max(1, Math.floor(outcome / 100)))}xx` : outcome;
  shared(
    "arge_provider_requests_total",
    (registers) =>
      new Counter({
        name: "arge_provider_requests_total",
        help: "Provider HTTP requests",
        labelNames: ["service", "status"],
        registers,
      }),
  ).inc({ service, status });
  shared(
    "arge_provider_request_duration_seconds",
    (registers) =>
      new Histogram({
        name: "arge_provider_request_duration_seconds",
        help: "Time to a provider's answer (its head)",
        labelNames: ["service", "status"],
        buckets: PROVIDER_BUCKETS,
        registers,
      }),
  ).observe({ service, status }, seconds);
}

/**
 * `ok`; `incomplete`: the list moved or did not add up, nothing was marked gone; `failed`: the sync ended with an
 * error.
 */
export type SyncResult = "ok" | "incomplete" | "failed";

/** One ended sync of one connection (background or asked for). */
export function countSyncRun(result: SyncResult, seconds: number, documentsSeen: number): void {
  shared(
    "arge_sync_runs_total",
    (registers) =>
      new Counter({
        name: "arge_sync_runs_total",
        help: "Syncs of a connection, by result",
        labelNames: ["result"],
        registers,
      }),
  ).inc({ result });
  shared(
    "arge_sync_duration_seconds",
    (registers) =>
      new Histogram({
        name: "arge_sync_duration_seconds",
        help: "Duration of a sync",
        labelNames: ["result"],
        buckets: SYNC_BUCKETS,
        registers,
      }),
  ).observe({ result }, seconds);
  shared(
    "arge_sync_documents_seen_total",
    (registers) =>
      new Counter({ name: "arge_sync_documents_seen_total", help: "Documents listed by syncs", registers }),
  ).inc(documentsSeen);
}

/**
 * How one confirmation attempt ended: `confirmed`, `failed` (the bytes not archived, no token, or
 * refused by the provider), `unknown` (the PUT's outcome not seen). A document someone already
 * holds (pending, unknown, confirmed) is no attempt.
 */
export function countConfirmation(outcome: "confirmed" | "failed" | "unknown"): void {
  shared(
    "arge_confirmations_total",
    (registers) =>
      new Counter({
        name: "arge_confirmations_total",
        help: "Confirmation attempts, by outcome",
        labelNames: ["outcome"],
        registers,
      }),
  ).inc({ outcome });
}

/** How one send of the DTA outbox ended: `sent`, `failed` (refused, or nothing sent) or `unknown` (no answer seen). */
export function countOutboxSend(outcome: "sent" | "failed" | "unknown"): void {
  shared(
    "arge_outbox_sends_total",
    (registers) =>
      new Counter({
        name: "arge_outbox_sends_total",
        help: "Sends of the DTA outbox, by outcome",
        labelNames: ["outcome"],
        registers,
      }),
  ).inc({ outcome });
}

/** Bytes of one file committed to the archive (a file already there by its hash counts again). */
export function countArchivedBytes(bytes: number): void {
  shared(
    "arge_archive_bytes_total",
    (registers) => new Counter({ name: "arge_archive_bytes_total", help: "Bytes written to the archive", registers }),
  ).inc(bytes);
}

/**
 * Whether an Authorization header carries `Bearer <token>`, compared in constant time (of the digests: the lengths may
 * differ).
 */
export function isMetricsToken(authorization: string | null, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}
