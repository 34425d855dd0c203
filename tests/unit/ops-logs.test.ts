import "../support/unit-env";
import assert from "node:assert/strict";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, parseEnv } from "@/lib/env";
import { createLogger } from "@/lib/log";
import { readableDestination } from "@/lib/log-format";
import { isMetricsToken } from "@/lib/process/metrics";
import { requestIdOf, routeMatcher } from "../../lib/cli/observe.mjs";

/** Readable log lines, the request id every line of a request carries, and the metrics route's token check. */

const routeOf = routeMatcher as (manifest: unknown) => (pathname: string) => string;
const idOf = requestIdOf as (header: string | string[] | undefined) => string;

/** A fake stdout that keeps what was written, and a logger writing readable lines to it. */
function readableLog(level = "debug") {
  const written: string[] = [];
  const logger = createLogger(
    level,
    readableDestination({ write: (text: string) => written.push(text) }, "Europe/Berlin"),
  );
  return { logger, written };
}

// 2026-01-15 13:04:05.007 UTC: 14:04:05.007 in Berlin (winter time); 2026-07-01 10:00:00 UTC: 12:00 (summer time).
const WINTER = Date.UTC(2026, 0, 15, 13, 4, 5, 7);
const SUMMER = Date.UTC(2026, 6, 1, 10, 0, 0, 0);

describe("readable log lines", () => {
  test("time in the display time zone, level, message, fields; the request id last", () => {
    const written: string[] = [];
    const out = readableDestination({ write: (text: string) => written.push(text) }, "Europe/Berlin");
    out.write(
      `${JSON.stringify({ level: 40, time: WINTER, msg: "sync failed", connectionId: "c-1", err: "provider_unavailable", reqId: "k3Jx9q" })}\n`,
    );
    out.write(
      `${JSON.stringify({ level: 30, time: SUMMER, msg: "background sync", note: "two words", n: 3, nested: { a: 1 } })}\n`,
    );
    assert.deepEqual(written, [
      "14:04:05.007 WARN  sync failed connectionId=c-1 err=provider_unavailable req=k3Jx9q\n",
      '12:00:00.000 INFO  background sync note="two words" n=3 nested={"a":1}\n',
    ]);
  });

  test("an access line reads as method, route, status and duration", () => {
    const written: string[] = [];
    const out = readableDestination({ write: (text: string) => written.push(text) }, "UTC");
    out.write(
      JSON.stringify({
        level: 30,
        time: WINTER,
        msg: "request",
        method: "POST",
        route: "/api/connections/[id]/sync",
        status: 200,
        ms: 1480,
        reqId: "r1",
      }),
    );
    assert.equal(written[0], "13:04:05.007 INFO  POST /api/connections/[id]/sync 200 · 1480 ms req=r1\n");
  });

  test("an error shows type and message on its line, and its first frames below at level error", () => {
    const { logger, written } = readableLog();
    logger.error({ err: new TypeError("boom") }, "unhandled error in route handler");
    const [line, ...frames] = written[0]!.trimEnd().split("\n");
    assert.match(line!, /^\d\d:\d\d:\d\d\.\d{3} ERROR unhandled error in route handler err="TypeError: boom"$/);
    assert.ok(frames.length > 0 && frames.every((f) => /^ {4}at /.test(f)), written[0]);
  });

  test("the redaction holds in the readable form too", () => {
    const { logger, written } = readableLog();
    logger.info(
      { password: "hunter2-secret", nested: { clientSecret: "s3cr3t-value", authorization: "Bearer abc" } },
      "signed in",
    );
    const text = written.join("");
    for (const secret of ["hunter2-secret", "s3cr3t-value", "Bearer abc"]) assert.ok(!text.includes(secret), text);
    assert.match(text, /password=\[redacted\]/);
  });
});

describe("request ids", () => {
  test("every line written inside a request carries its id, in both forms", () => {
    const key = Symbol.for("arge-inbox.requestContext");
    const holder = globalThis as { [key]?: AsyncLocalStorage<{ id: string }> };
    holder[key] ??= new AsyncLocalStorage();
    const json: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void json.push(line) });
    const readable = readableLog("info");
    holder[key].run({ id: "req-42" }, () => {
      logger.info({ a: 1 }, "inside");
      readable.logger.info("inside");
    });
    logger.info("outside");
    assert.equal(JSON.parse(json[0]!).reqId, "req-42");
    assert.equal(JSON.parse(json[1]!).reqId, undefined);
    assert.match(readable.written[0]!, /inside req=req-42\n$/);
  });

  test("a client's X-Request-Id is kept only when it is a short safe token", () => {
    assert.equal(idOf("abc-123_x.y"), "abc-123_x.y");
    assert.equal(idOf(["7f1c0d6e-2f55-4f1a-9a57-1d2d8a0b7c11"]), "7f1c0d6e-2f55-4f1a-9a57-1d2d8a0b7c11");
    for (const bad of ["has space", "x".repeat(65), "<script>", "a\nb", "", undefined]) {
      const id = idOf(bad);
      assert.notEqual(id, bad);
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe("route patterns (lib/cli/observe.mjs)", () => {
  const manifest = {
    staticRoutes: [
      { page: "/", regex: "^/(?:/)?$" },
      { page: "/api/inbox", regex: "^/api/inbox(?:/)?$" },
    ],
    dynamicRoutes: [
      { page: "/api/connections/[id]/documents", regex: "^/api/connections/([^/]+?)/documents(?:/)?$" },
      { page: "/api/[...path]", regex: "^/api/(.+?)(?:/)?$" },
    ],
  };
  const route = routeOf(manifest);

  test("a path is named by its pattern, never by its ids", () => {
    assert.equal(route("/"), "/");
    assert.equal(route("/api/inbox"), "/api/inbox");
    assert.equal(
      route("/api/connections/5f0c2a4e-0000-4000-8000-000000000001/documents"),
      "/api/connections/[id]/documents",
    );
    assert.equal(route("/api/no/such/thing"), "/api/[...path]");
    assert.equal(route("/_next/static/chunks/app-1a2b3c.js"), "/_next/static");
    assert.equal(route("/wp-login.php"), "other");
  });
});

describe("configuration of logs and metrics", () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), "arge-env-"));

  test("defaults: Berlin time, the log's form chosen by the terminal, no metrics route", () => {
    const e = parseEnv({ DATA_DIR: dir() });
    assert.equal(e.displayTimeZone, "Europe/Berlin");
    assert.equal(e.logFormat, undefined);
    assert.equal(e.metricsToken, undefined);
    const set = parseEnv({
      DATA_DIR: dir(),
      DISPLAY_TIME_ZONE: "America/New_York",
      LOG_FORMAT: "json",
      METRICS_TOKEN: "m".repeat(16),
    });
    assert.deepEqual(
      [set.displayTimeZone, set.logFormat, set.metricsToken],
      ["America/New_York", "json", "m".repeat(16)],
    );
  });

  test("an unknown time zone, log format or a short metrics token stops the start", () => {
    for (const bad of [{ DISPLAY_TIME_ZONE: "Europe/Atlantis" }, { LOG_FORMAT: "yaml" }, { METRICS_TOKEN: "short" }]) {
      assert.throws(() => parseEnv({ DATA_DIR: dir(), ...bad }), ConfigError);
    }
  });

  test("the metrics token is a bearer token compared whole", () => {
    const token = "metrics-token-0123456789";
    assert.equal(isMetricsToken(`Bearer ${token}`, token), true);
    assert.equal(isMetricsToken(`bearer ${token}`, token), true);
    for (const wrong of [
      null,
      "",
      token,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
      "Bearer ",
    ]) {
      assert.equal(isMetricsToken(wrong, token), false, String(wrong));
    }
  });
});
