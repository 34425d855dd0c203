#!/usr/bin/env node
// npm start: `next start` with one step before Next sees a request. Next keeps the X-Forwarded-* headers a client sent,
// so the client's address (sign-in throttling counts per address) and X-Forwarded-Host, -Proto and -Port (next-auth's
// URLs and Secure cookies) are taken only from the socket or TRUSTED_PROXIES; a malformed path is answered 400 in the
// JSON error shape, not Next's 500. See docs/architecture.md, "How a request flows" and "Start and shutdown".
import { createServer } from "node:http";
import path from "node:path";
import { observeRequests } from "./observe.mjs";

process.env.NODE_ENV ||= "production";
// Everything the server writes (DATA_DIR, the embedded database, the archive) is its user's alone:
// files 0600, folders 0700 (lib/ops/private-files.ts tightens what it finds wider).
process.umask(0o077);

const root = path.resolve(import.meta.dirname, "..", "..");

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/** `-p`/`--port` and `-H`/`--hostname` as `next start` takes them; PORT and 3000 otherwise. */
function options(argv) {
  const opts = { port: process.env.PORT || "3000", hostname: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "-p" || flag === "--port") opts.port = value();
    else if (flag === "-H" || flag === "--hostname") opts.hostname = value();
    else fail(`Unbekannte Option / unknown option: ${argv[i]}`);
  }
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`PORT: keine gültige Portnummer / not a valid port: ${opts.port}`);
  return { port, hostname: opts.hostname };
}

/** TRUSTED_PROXIES as lib/env.ts reads it: reverse-proxy hops in front of the app, 0 to 10. */
function trustedProxies() {
  const raw = (process.env.TRUSTED_PROXIES ?? "").trim();
  if (raw === "") return 0;
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > 10) {
    fail(
      `Ungültige Konfiguration / invalid configuration:\n  TRUSTED_PROXIES: expected a number of proxy hops from 0 to 10`,
    );
  }
  return Number(raw);
}

/**
 * The client's address: the socket's with no trusted proxy; with N, the Nth X-Forwarded-For entry
 * from the right (each trusted proxy appended the address it was reached from), or the leftmost
 * entry when the header has fewer.
 */
export function clientAddressOf(socketAddress, forwardedFor, hops) {
  const socket = (socketAddress ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (hops === 0) return socket;
  const entries = [forwardedFor ?? []]
    .flat()
    .join(",")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  return entries[Math.max(0, entries.length - hops)];
}

/** What a client may say about the address it reached the app at; only a trusted proxy is believed. */
const FORWARDED_ORIGIN = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/** Rewrites the forwarded headers of one request in place, as the start of this file describes. */
export function trustForwarded(headers, socketAddress, hops) {
  headers["x-forwarded-for"] = clientAddressOf(socketAddress, headers["x-forwarded-for"], hops);
  if (hops === 0) for (const name of FORWARDED_ORIGIN) delete headers[name];
}

function isMalformedPath(url) {
  const pathname = (url ?? "/").split("?", 1)[0];
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The caller's language as the app decides it without a session: the `lang` cookie, then Accept-Language. */
function languageOf(req) {
  const cookie = /(?:^|;\s*)lang=(de|en)(?:;|$)/.exec(req.headers.cookie ?? "")?.[1];
  if (cookie) return cookie;
  let best = { lang: "de", q: 0 };
  for (const part of (req.headers["accept-language"] ?? "").split(",")) {
    const [tag, ...params] = part.trim().toLowerCase().split(";");
    const lang = tag?.split("-")[0];
    const q = Number(
      params
        .find((p) => p.trim().startsWith("q="))
        ?.trim()
        .slice(2) ?? 1,
    );
    if ((lang === "de" || lang === "en") && q > best.q) best = { lang, q };
  }
  return best.lang;
}

const DOT = new Set([".", "%2e"]);
/** The residents' pages whose path holds a token: the portal and the consent links (docs/api.md, "Consent"). */
const RESIDENT_ROOTS = new Set(["r", "einwilligung", "widerspruch"]);
const DOT_DOT = new Set(["..", ".%2e", "%2e.", "%2e%2e"]);

/**
 * A request for the resident's portal reaches Next only in its canonical form. Next answers a path
 * with repeated slashes or backslashes, a dot segment or a trailing slash with a cacheable 308
 * that repeats the token in its Location, without the portal's no-store and no-referrer and before
 * the portal's throttle (proxy.ts) counts it. Invariant: a request target (origin- or
 * absolute-form) whose segments, backslashes read as slashes and empty ones dropped, start with
 * `r`, before or after `.` and `..` are resolved as a browser resolves them, leaves here as
 * `/r/...` with none of these: its resolved path when that is under `/r`, else `/r` (no page: the
 * portal's dead-link answer). The consent pages' `/einwilligung` and `/widerspruch` are read alike. Any other target
 * is returned as it came.
 */
export function canonicalPortalUrl(url) {
  const target = url ?? "/";
  const at = target.indexOf("?");
  const query = at === -1 ? "" : target.slice(at);
  const pathname = (at === -1 ? target : target.slice(0, at)).replace(/^[a-z][a-z\d+.-]*:\/\/[^/\\]*/i, "");
  if (!pathname.startsWith("/") && !pathname.startsWith("\\")) return url;
  const segments = pathname.replaceAll("\\", "/").split("/").filter(Boolean);
  const resolved = [];
  for (const segment of segments) {
    const lower = segment.toLowerCase();
    if (DOT_DOT.has(lower)) resolved.pop();
    else if (!DOT.has(lower)) resolved.push(segment);
  }
  if (RESIDENT_ROOTS.has(resolved[0])) return `/${resolved.join("/")}${query}`;
  return RESIDENT_ROOTS.has(segments[0]) ? `/${segments[0]}` : url;
}

/**
 * A plain `host[:port]` of at most 255 characters: a name or IPv4 address, or an IPv6 address in brackets. Anything
 * else in `Host` (or a trusted proxy's X-Forwarded-Host) is refused before Next sees it (issue #44: a 4,000-character
 * Host once reached a letter's text).
 */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
export function isPlainHost(value) {
  return value === undefined || (typeof value === "string" && value.length <= 255 && HOST.test(value));
}

const BAD_PATH = {
  de: "Die Adresse enthält eine ungültige Prozent-Kodierung.",
  en: "The address contains a malformed percent-encoding.",
};
const BAD_HOST = {
  de: "Der Host-Header ist keine gültige Adresse (Name oder IP-Adresse, optional mit Port, höchstens 255 Zeichen).",
  en: "The Host header is not a valid address (a name or IP address, optionally with a port, at most 255 characters).",
};

function answerBadRequest(req, res, messages) {
  const body = JSON.stringify({ error: "bad_request", message: messages[languageOf(req)] });
  res.writeHead(400, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(body);
}

/** Waits for the archive commits the app registered on globalThis (none before its first download). */
async function drainPendingArchives() {
  await globalThis[Symbol.for("arge-inbox.drainPendingArchives")]?.();
}

/** The app's life state (lib/process/lifecycle.ts), once the app has loaded it. */
const lifecycle = () => globalThis[Symbol.for("arge-inbox.lifecycle")];

/**
 * While Next and the start-up work (migrations) are not done, requests wait; the two probes are
 * answered here instead, as the app's routes would answer them: alive, not ready.
 */
function answerWhileStarting(req, res) {
  const pathname = (req.url ?? "/").split("?", 1)[0];
  const probe = { "/api/health": [200, "ok"], "/api/ready": [503, "starting"] }[pathname];
  if (!probe) return false;
  const body = JSON.stringify({ status: probe[1] });
  res.writeHead(probe[0], {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
  return true;
}

/** Counts the requests under way; `idle()` resolves when none is. */
function requestsUnderWay(server) {
  let open = 0;
  let waiting = [];
  server.on("request", (_req, res) => {
    open++;
    res.once("close", () => {
      if (--open > 0) return;
      for (const resolve of waiting) resolve();
      waiting = [];
    });
  });
  return { idle: () => (open === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))) };
}

/** The listening address as a person types it: localhost for every address, IPv6 in brackets. */
function shownHost(hostname) {
  if (!hostname || hostname === "0.0.0.0" || hostname === "::") return "localhost";
  return hostname.includes(":") ? `[${hostname}]` : hostname;
}

async function main() {
  const { port, hostname } = options(process.argv.slice(2));
  const hops = trustedProxies();
  // Links in letters and mails point at PUBLIC_URL; with SANDBOX=1 and none set, at this address (lib/env.ts).
  process.env.ARGE_LISTEN_URL = `http://${shownHost(hostname)}:${port}`;
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, port, hostname: hostname ?? "localhost" });
  // Listening at once, like `next start`; requests wait until Next (and instrumentation.ts) is ready.
  let started = false;
  const ready = app.prepare().then(() => {
    started = true;
    return app.getRequestHandler();
  });
  // Request ids, metrics and the access log (lib/cli/observe.mjs) cover every request, the 400 below included.
  const observed = observeRequests(root);
  const server = createServer(
    observed(async (req, res) => {
      trustForwarded(req.headers, req.socket.remoteAddress, hops);
      const forwardedHosts = req.headers["x-forwarded-host"]?.split(",").map((h) => h.trim()) ?? [];
      if (!isPlainHost(req.headers.host) || !forwardedHosts.every(isPlainHost))
        return answerBadRequest(req, res, BAD_HOST);
      if (isMalformedPath(req.url)) return answerBadRequest(req, res, BAD_PATH);
      req.url = canonicalPortalUrl(req.url);
      if (!started && answerWhileStarting(req, res)) return;
      try {
        await (
          await ready
        )(req, res);
      } catch (err) {
        console.error(`Failed to handle request for ${req.url}`, err);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      }
    }),
  );
  const underWay = requestsUnderWay(server);
  server.on("error", (err) => fail(`Start fehlgeschlagen / failed to start: ${err.message}`));
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  await ready;
  console.log(`  ▲ arge-inbox on http://${shownHost(hostname)}:${port} (trusted proxies: ${hops})`);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    const code = signal === "SIGINT" ? 130 : 143;
    // Whatever is not done within 10 s is cut: a confirmation cut then stays `pending` and is
    // judged by the next sync (docs/architecture.md, "Crash recovery").
    setTimeout(() => process.exit(code), 10_000).unref();
    // Readiness answers 503 "draining" at once and syncs stop at their next page. The listener
    // stays open while requests are under way, so that a load balancer still reaches the probes
    // and what it sends before it notices is served.
    lifecycle()?.beginDrain();
    await underWay.idle();
    server.close(() => {
      // Then the archive commits that follow a finished download (lib/archive/pending.ts),
      // then the app's own end (the background syncs' leases, this instance's row).
      drainPendingArchives()
        .then(() => lifecycle()?.finish())
        .then(() => app.close())
        .catch((err) => console.error(err))
        .finally(() => process.exit(code));
    });
    // A connection whose request has finished is closed at once, not after its keep-alive timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
}
