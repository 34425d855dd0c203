import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { control, putState, SANDBOX_BASIC, uvi } from "../support/delivery";
import { startServer, type TestServer } from "../support/server";

/**
 * GET /api/health and GET /api/ready through a server's life: while it starts (answered by
 * lib/cli/serve.mjs before Next is ready), while it serves, and while it drains after SIGTERM
 * with a slow request still under way.
 */

const LIST = "/arge/documents/v1/documents/out";

type Probe = { status: number; body: unknown; cacheControl: string | null };

async function probe(server: TestServer, path: "/api/health" | "/api/ready"): Promise<Probe | undefined> {
  try {
    const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.json(), cacheControl: res.headers.get("cache-control") };
  } catch {
    return undefined; // not listening (yet, or any more)
  }
}

/** Both probes, over and over, until `done` settles; every answer in the order it came. */
async function probeUntil(server: TestServer, done: Promise<unknown>): Promise<{ health: Probe[]; ready: Probe[] }> {
  let settled = false;
  void done.finally(() => (settled = true));
  const seen = { health: [] as Probe[], ready: [] as Probe[] };
  while (!settled) {
    const [health, ready] = await Promise.all([probe(server, "/api/health"), probe(server, "/api/ready")]);
    if (health) seen.health.push(health);
    if (ready) seen.ready.push(ready);
    await new Promise((r) => setTimeout(r, 20));
  }
  return seen;
}

describe("health and readiness through start and shutdown", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ sandbox: true });
  });
  after(() => server?.stop());

  test("serving: health 200 ok, ready 200 ready, without a session, never cached, nothing more said", async () => {
    for (const [path, status] of [
      ["/api/health", "ok"],
      ["/api/ready", "ready"],
    ] as const) {
      const answer = await probe(server, path);
      assert.deepEqual(answer, { status: 200, body: { status }, cacheControl: "no-store" }, path);
    }
  });

  test("starting: ready answers 503 starting until start-up is done, then 200; health is 200 throughout", async () => {
    const seen = await probeUntil(server, server.restart());
    const firstReady = seen.ready.findIndex((p) => p.status === 200);
    const before = firstReady < 0 ? seen.ready : seen.ready.slice(0, firstReady);
    assert.ok(before.length > 0, "the probes reached the server while it was starting");
    for (const p of before) assert.deepEqual(p, { status: 503, body: { status: "starting" }, cacheControl: "no-store" });
    for (const p of seen.health) assert.deepEqual(p, { status: 200, body: { status: "ok" }, cacheControl: "no-store" });
    assert.deepEqual(await probe(server, "/api/ready"), { status: 200, body: { status: "ready" }, cacheControl: "no-store" });
  });

  test("SIGTERM: ready answers 503 draining while a slow request still runs to its end; health stays 200; then the process exits", async () => {
    await putState(server, [uvi("slow-1", "100001")]);
    // The provider's list, asked of the sandbox directly, answers late when told to: a request under way.
    await control(server, "PUT", "/faults", [{ method: "GET", path: LIST, delayMs: 2500, times: 1 }]);
    const basic = Buffer.from(`${SANDBOX_BASIC.username}:${SANDBOX_BASIC.password}`).toString("base64");
    const slow = fetch(`${server.url}${LIST}`, { headers: { Authorization: `Basic ${basic}` } });
    await new Promise((r) => setTimeout(r, 300));
    const exited = server.terminate();
    const seen = await probeUntil(server, slow);
    assert.equal((await slow).status, 200, "the request under way was answered");
    assert.ok(seen.ready.length > 0, "the probes reached the server while it drained");
    for (const p of seen.ready) assert.deepEqual(p, { status: 503, body: { status: "draining" }, cacheControl: "no-store" });
    for (const p of seen.health) assert.deepEqual(p, { status: 200, body: { status: "ok" }, cacheControl: "no-store" });
    assert.equal(await exited, 143);
    await server.restart();
  });
});
