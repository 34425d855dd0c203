import "../support/unit-env";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { observeRequests } from "../../lib/cli/observe.mjs";

/**
 * The demo's terminal (issues #35, #50): a page or action a person made is one access line at info; the page's own
 * reads of the API (queries, polls), Next's link prefetches, a browser's speculative loads, the readiness and liveness
 * probes and the sandbox's routes log at debug; Next's static files not at all. Real HTTP requests through the wrapper lib/cli/serve.mjs puts around Next.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const observe = observeRequests as (root: string) => (handle: Handler) => Handler;

const LOGGER = Symbol.for("arge-inbox.log");
type Holder = { [LOGGER]?: () => unknown };
const lines: { level: string; route: string; status: number }[] = [];
const capture = (level: string) => (line: { route: string; status: number }) =>
  lines.push({ level, route: line.route, status: line.status });

let server: Server;
let base = "";
let before_: (() => unknown) | undefined;

before(async () => {
  // A build's routes manifest, as observe.mjs reads it from the root it is given.
  const root = mkdtempSync(path.join(tmpdir(), "arge-access-"));
  mkdirSync(path.join(root, ".next"));
  const route = (page: string) => ({ page, regex: `^${page.replace(/\[\[\.\.\.path\]\]$/, ".*")}(?:/)?$` });
  const manifest = {
    staticRoutes: ["/documents", "/api/ready", "/api/health", "/api/inbox"].map(route),
    dynamicRoutes: [route("/arge/[[...path]]")],
  };
  writeFileSync(path.join(root, ".next", "routes-manifest.json"), JSON.stringify(manifest));
  const holder = globalThis as Holder;
  before_ = holder[LOGGER];
  const logger = { info: capture("info"), debug: capture("debug") };
  holder[LOGGER] = () => logger;
  // Found, unless the test asks for another status (as Next answers a path without a route or file: 404).
  server = createServer(
    observe(root)((req, res) => {
      res.statusCode = Number(req.headers["x-status"] ?? 200);
      res.end("ok");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  (globalThis as Holder)[LOGGER] = before_;
  await new Promise((resolve) => server.close(resolve));
});

/** The access line one request left (the line is written when the answer closes, so it is awaited). */
async function lineOf(pathname: string, headers: Record<string, string> = {}, method = "GET") {
  const seen = lines.length;
  const res = await fetch(`${base}${pathname}`, { headers, method });
  await res.text();
  for (let i = 0; i < 100 && lines.length === seen; i++) await new Promise((r) => setTimeout(r, 10));
  return lines.slice(seen);
}

describe("access lines by level (lib/cli/observe.mjs)", () => {
  test("a page and an API request a person made: info", async () => {
    assert.deepEqual(await lineOf("/documents"), [{ level: "info", route: "/documents", status: 200 }]);
    // A click on a link fetches the page's RSC payload: still a person's request.
    assert.deepEqual(await lineOf("/documents?_rsc=abc", { rsc: "1" }), [
      { level: "info", route: "/documents", status: 200 },
    ]);
    assert.deepEqual(await lineOf("/api/inbox"), [{ level: "info", route: "/api/inbox", status: 200 }]);
  });

  test("a link prefetch, by any of Next's or the browser's headers: debug", async () => {
    const prefetches: Record<string, string>[] = [
      { rsc: "1", "next-router-prefetch": "1" },
      { rsc: "1", "next-router-segment-prefetch": "/_tree" },
      { "sec-purpose": "prefetch;prerender" },
      { purpose: "prefetch" },
    ];
    for (const headers of prefetches) {
      assert.deepEqual(await lineOf("/documents?_rsc=x", headers), [
        { level: "debug", route: "/documents", status: 200 },
      ]);
    }
  });

  test("health and readiness probes, and the sandbox's routes: debug", async () => {
    assert.deepEqual(await lineOf("/api/ready"), [{ level: "debug", route: "/api/ready", status: 200 }]);
    assert.deepEqual(await lineOf("/api/health"), [{ level: "debug", route: "/api/health", status: 200 }]);
    assert.deepEqual(await lineOf("/arge/v1/documents"), [{ level: "debug", route: "/arge/[[...path]]", status: 200 }]);
  });

  test("an icon of public/ at debug; a path that is not found at info", async () => {
    assert.deepEqual(await lineOf("/favicon.ico"), [{ level: "debug", route: "other", status: 200 }]);
    assert.deepEqual(await lineOf("/no/such/page", { "x-status": "404" }), [
      { level: "info", route: "other", status: 404 },
    ]);
  });

  test("a page view is one line: the page's own reads of the API (a query, a poll) at debug, unless they fail", async () => {
    // As a browser loads /documents and its script then reads the API, and polls it while a run goes on.
    const view = [
      ...(await lineOf("/documents", { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" })),
      ...(await lineOf("/api/inbox", { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" })),
      ...(await lineOf("/api/inbox", { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" })),
    ];
    assert.deepEqual(
      view.filter((l) => l.level === "info"),
      [{ level: "info", route: "/documents", status: 200 }],
    );
    assert.equal(view.length, 3, "the reads are still there at debug");
    assert.deepEqual(await lineOf("/api/inbox", { "sec-fetch-dest": "empty", "x-status": "500" }), [
      { level: "info", route: "/api/inbox", status: 500 },
    ]);
  });

  test("an action is one line: a change by the page's script, a download a person clicked", async () => {
    assert.deepEqual(await lineOf("/api/inbox", { "sec-fetch-dest": "empty" }, "POST"), [
      { level: "info", route: "/api/inbox", status: 200 },
    ]);
    assert.deepEqual(await lineOf("/api/inbox", { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" }), [
      { level: "info", route: "/api/inbox", status: 200 },
    ]);
  });

  test("Next's static files: no line", async () => {
    assert.deepEqual(await lineOf("/_next/static/chunks/app.js"), []);
  });
});
