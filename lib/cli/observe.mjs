// What lib/cli/serve.mjs does around every request before Next sees it: a request id (kept in an
// AsyncLocalStorage that lib/log.ts reads, so every log line of the request carries it, and echoed
// as X-Request-Id), the request's duration by route pattern and status in the metrics
// (lib/process/metrics.ts), and one access line when it ends (at info only for what a person asked
// for: accessLevel). Both the storage and the registry live on globalThis under Symbol.for keys:
// Next's bundles load their own copies of lib/ modules, and all of them must see the same ones.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

const REQUEST_CONTEXT = Symbol.for("arge-inbox.requestContext");
const REGISTRY = Symbol.for("arge-inbox.metrics");
const LOGGER = Symbol.for("arge-inbox.log");

/** Next's hashed build files: counted under this one label, and left out of the access log. */
const STATIC = "/_next/static";
/** Any path that matches no route of the build (a 404 page, a probe): one label, never the path itself. */
const OTHER = "other";
/** The sandbox provider's routes: the far end of the app's own provider requests, which log at debug too. */
const SANDBOX = new Set([
  "/arge/[[...path]]",
  "/dta/[[...path]]",
  "/auth/[[...path]]",
  "/sandbox/api/[[...path]]",
  "/onsiteroles/[[...path]]",
]);
/** Load balancers' probes: asked every few seconds, of interest only when they fail. */
const PROBES = new Set(["/api/health", "/api/ready"]);
/** Seconds, up to the minutes an NDJSON sync or bulk confirmation may stream. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 600];

/** A client's X-Request-Id is kept only as a short token of safe characters: it reaches log lines and a header. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The client's id when it is safe, else a fresh UUID (the form of the provider requests' own ids). */
export function requestIdOf(header) {
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_ID.test(given) ? given : randomUUID();
}

/**
 * The route pattern of a path (`/api/connections/[id]/documents`), from Next's routes manifest:
 * its static routes, then its dynamic ones in the order Next matches them.
 */
export function routeMatcher(manifest) {
  const routes = [...manifest.staticRoutes, ...manifest.dynamicRoutes].map((r) => ({
    page: r.page,
    regex: new RegExp(r.regex),
  }));
  return (pathname) =>
    pathname.startsWith(`${STATIC}/`) ? STATIC : (routes.find((r) => r.regex.test(pathname))?.page ?? OTHER);
}

function loadMatcher(root) {
  try {
    return routeMatcher(JSON.parse(readFileSync(path.join(root, ".next", "routes-manifest.json"), "utf8")));
  } catch {
    // No build to read (Next refuses to start then, with its own message): nothing is told apart.
    return () => OTHER;
  }
}

/** The registry lib/process/metrics.ts shares (made here, the same way, when the server starts first). */
function httpHistogram() {
  if (!globalThis[REGISTRY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    globalThis[REGISTRY] = registry;
  }
  const registry = globalThis[REGISTRY];
  const name = "arge_http_request_duration_seconds";
  return (
    registry.getSingleMetric(name) ??
    new Histogram({
      name,
      help: "Duration of HTTP requests, by route pattern and status",
      labelNames: ["route", "status"],
      buckets: BUCKETS,
      registers: [registry],
    })
  );
}

/**
 * Whether a request was made by someone or on their behalf in advance: Next's link prefetches (`next-router-prefetch`,
 * `next-router-segment-prefetch`) and a browser's speculative loads (`Sec-Purpose`/`Purpose: prefetch`).
 */
export function isPrefetch(headers) {
  const purpose = String(headers["sec-purpose"] ?? headers.purpose ?? "");
  return (
    headers["next-router-prefetch"] !== undefined ||
    headers["next-router-segment-prefetch"] !== undefined ||
    /\bprefetch\b/i.test(purpose)
  );
}

/**
 * Whether a page's own script read the API (a query, a poll, a run's progress: `Sec-Fetch-Dest: empty`, a browser's
 * fetch): part of the page view or the action that caused it, not an action of its own. A change (POST, PUT, …), a
 * download a person clicked (a navigation) and a request without the header (another program) are not.
 */
export function isPageRead(method, route, headers) {
  return (method === "GET" || method === "HEAD") && route.startsWith("/api/") && headers["sec-fetch-dest"] === "empty";
}

/**
 * The level of a request's access line: `info` for what a person asked for, one line per page or action; `debug` for
 * the page's own reads of the API (isPageRead), prefetches, probes, the icons of public/ (no route, but found) and the
 * sandbox's side of the app's own provider requests; none for Next's static files (counted in the metrics only). A
 * path that is not found, and any read that failed, stays at info: someone should see it.
 */
export function accessLevel(route, headers, status, method = "GET") {
  if (route === STATIC) return undefined;
  const quiet =
    SANDBOX.has(route) ||
    PROBES.has(route) ||
    (route === OTHER && status < 400) ||
    isPrefetch(headers) ||
    (isPageRead(method, route, headers) && status < 400);
  return quiet ? "debug" : "info";
}

/** Wraps the server's request handler: `createServer(observeRequests(root)(handler))`. */
export function observeRequests(root) {
  const context = (globalThis[REQUEST_CONTEXT] ??= new AsyncLocalStorage());
  const histogram = httpHistogram();
  let routeOf;
  return (handle) => (req, res) => {
    const id = requestIdOf(req.headers["x-request-id"]);
    const started = process.hrtime.bigint();
    res.setHeader("x-request-id", id);
    // After the last byte, or when the client went away first: counted either way, once.
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      routeOf ??= loadMatcher(root);
      const route = routeOf((req.url ?? "/").split("?", 1)[0]);
      const status = res.statusCode;
      histogram.observe({ route, status: String(status) }, seconds);
      // The log exists once Next has loaded lib/log.ts (at start, through instrumentation.ts).
      const level = accessLevel(route, req.headers, status, req.method);
      const logger = level && globalThis[LOGGER]?.();
      const line = {
        method: req.method,
        route,
        status,
        ms: Math.round(seconds * 1000),
        ...(!res.writableFinished && { aborted: true }),
      };
      if (logger) context.run({ id }, () => logger[level](line, "request"));
    });
    return context.run({ id }, () => handle(req, res));
  };
}
