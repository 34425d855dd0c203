import assert from "node:assert/strict";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import pg from "pg";
import { control, liftHold, putState, SANDBOX_BASIC, untilHeld, uvi } from "../../support/delivery";
import { testDatabaseUrl, type TestServer } from "../../support/server";
import { suiteServer } from "../../support/suite";
import { until } from "../../support/until";

/**
 * GET /api/health and GET /api/ready through a server's life: while it starts (answered by
 * lib/cli/serve.mjs before Next is ready), while it serves, while it drains after SIGTERM with a
 * slow request still under way, and while its archive or its database cannot be reached.
 */

const LIST = "/arge/documents/v1/documents/out";

type Probe = { status: number; body: { status?: string }; cacheControl: string | null };

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
  const s = suiteServer({ sandbox: true });

  test("serving: health 200 ok, ready 200 ready, without a session, never cached, nothing more said", async () => {
    for (const [path, status] of [
      ["/api/health", "ok"],
      ["/api/ready", "ready"],
    ] as const) {
      const answer = await probe(s.server, path);
      assert.deepEqual(answer, { status: 200, body: { status }, cacheControl: "no-store" }, path);
    }
  });

  test("starting: ready answers 503 starting until start-up is done, then 200; health is 200 throughout", async () => {
    // The old process is gone first: while it drains, its probes rightly answer "draining".
    await s.server.terminate();
    const seen = await probeUntil(s.server, s.server.restart());
    const firstReady = seen.ready.findIndex((p) => p.status === 200);
    const before = firstReady < 0 ? seen.ready : seen.ready.slice(0, firstReady);
    assert.ok(before.length > 0, "the probes reached the s.server while it was starting");
    for (const p of before)
      assert.deepEqual(p, { status: 503, body: { status: "starting" }, cacheControl: "no-store" });
    for (const p of seen.health) assert.deepEqual(p, { status: 200, body: { status: "ok" }, cacheControl: "no-store" });
    assert.deepEqual(await probe(s.server, "/api/ready"), {
      status: 200,
      body: { status: "ready" },
      cacheControl: "no-store",
    });
  });

  test("SIGTERM: ready answers 503 draining while a slow request still runs to its end; health stays 200; then the process exits", async () => {
    await putState(s.server, [uvi("slow-1", "100001")]);
    // The provider's list, asked of the sandbox directly, is held until the drain was seen: a request under way.
    await control(s.server, "PUT", "/faults", [{ method: "GET", path: LIST, hold: "slow", times: 1 }]);
    const basic = Buffer.from(`${SANDBOX_BASIC.username}:${SANDBOX_BASIC.password}`).toString("base64");
    const slow = fetch(`${s.server.url}${LIST}`, { headers: { Authorization: `Basic ${basic}` } });
    await untilHeld(s.server, "slow");
    const exited = s.server.terminate();
    const lifted = until(
      () => probe(s.server, "/api/ready"),
      (p) => p?.body.status === "draining",
    ).finally(() => liftHold(s.server, "slow"));
    const seen = await probeUntil(s.server, slow);
    await lifted;
    assert.equal((await slow).status, 200, "the request under way was answered");
    // The signal is handled a moment after it is sent: a probe answered before that still says ready.
    // From the first "draining" on, every answer says so.
    const firstDraining = seen.ready.findIndex((p) => p.body.status === "draining");
    assert.ok(firstDraining >= 0, "the probes reached the s.server while it drained");
    for (const p of seen.ready.slice(0, firstDraining))
      assert.deepEqual(p, { status: 200, body: { status: "ready" }, cacheControl: "no-store" });
    for (const p of seen.ready.slice(firstDraining))
      assert.deepEqual(p, { status: 503, body: { status: "draining" }, cacheControl: "no-store" });
    for (const p of seen.health) assert.deepEqual(p, { status: 200, body: { status: "ok" }, cacheControl: "no-store" });
    assert.equal(await exited, 143);
    await s.server.restart();
  });
});

/** Asks /api/ready (at most 40 times, each check bounded by 2 s) until it answers `status`. */
async function readyBecomes(server: TestServer, status: string): Promise<Probe | undefined> {
  let last: Probe | undefined;
  for (let i = 0; i < 40 && last?.body?.status !== status; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 250));
    last = await probe(server, "/api/ready");
  }
  return last;
}

describe("readiness when the archive or the database cannot be reached", () => {
  const archiveDir = mkdtempSync(path.join(tmpdir(), "arge-archive-"));
  const s = suiteServer({ env: { ARCHIVE_DIR: archiveDir } });
  after(() => rmSync(archiveDir, { recursive: true, force: true }));

  test("an archive directory that cannot be written: 503 unavailable, health 200; ready again once it is back", async () => {
    renameSync(archiveDir, `${archiveDir}.away`);
    writeFileSync(archiveDir, "not a directory");
    try {
      assert.deepEqual(await readyBecomes(s.server, "unavailable"), {
        status: 503,
        body: { status: "unavailable" },
        cacheControl: "no-store",
      });
      assert.equal((await probe(s.server, "/api/health"))?.status, 200);
    } finally {
      rmSync(archiveDir, { force: true });
      renameSync(`${archiveDir}.away`, archiveDir);
    }
    assert.deepEqual(await readyBecomes(s.server, "ready"), {
      status: 200,
      body: { status: "ready" },
      cacheControl: "no-store",
    });
  });

  test(
    "a PostgreSQL database that refuses connections: 503 unavailable, health 200; ready again once it accepts them",
    { skip: !testDatabaseUrl() && "no PostgreSQL: TEST_DATABASE_URL is not set" },
    async () => {
      const name = new URL(s.server.env.DATABASE_URL!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
        assert.deepEqual(await readyBecomes(s.server, "unavailable"), {
          status: 503,
          body: { status: "unavailable" },
          cacheControl: "no-store",
        });
        assert.equal((await probe(s.server, "/api/health"))?.status, 200);
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      assert.deepEqual(await readyBecomes(s.server, "ready"), {
        status: 200,
        body: { status: "ready" },
        cacheControl: "no-store",
      });
    },
  );
});
