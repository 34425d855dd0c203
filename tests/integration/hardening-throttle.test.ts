import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { ADMIN, freePort, startServer, type TestServer } from "../support/server";
import { signIn } from "../support/session";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const from = (forwardedFor: string) => ({ "X-Forwarded-For": forwardedFor });

/** Sign-in answers a password was checked for (a redirect), and those refused before (429). */
function tally(results: { status: number }[]) {
  return { checked: results.filter((r) => r.status !== 429).length, refused: results.filter((r) => r.status === 429).length };
}

describe("throttling by address without trusted proxies (TRUSTED_PROXIES=0, npm start)", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test("12 failures with 12 made-up X-Forwarded-For addresses count for the socket's one address", async () => {
    const results = [];
    for (let i = 0; i < 12; i++) {
      results.push(await signIn(server.url, `forged-${i}@example.com`, "wrong-password", from(`203.0.113.${i + 1}`)));
    }
    assert.deepEqual(tally(results), { checked: 10, refused: 2 });
    const blocked = results[11]!;
    assert.ok(Number(blocked.headers.get("retry-after")) > 0);
    assert.equal(blocked.headers.get("cache-control"), "no-store");
    // The one real address is blocked for everyone, the admin included.
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password, from("198.51.100.77"));
    assert.equal(admin.status, 429);
  });
});

describe("throttling behind one trusted proxy (TRUSTED_PROXIES=1)", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { TRUSTED_PROXIES: "1" } });
  });
  after(() => server.stop());

  test("the address is the rightmost X-Forwarded-For entry (the one the proxy appended), not what the client wrote", async () => {
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(await signIn(server.url, `proxied-${i}@example.com`, "wrong-password", from(`10.9.${i}.1, 192.0.2.10`)));
    }
    assert.deepEqual(tally(results), { checked: 10, refused: 1 });
    const other = await signIn(server.url, "proxied-x@example.com", "wrong-password", from("192.0.2.10, 192.0.2.11"));
    assert.notEqual(other.status, 429, "another client behind the proxy is not blocked");
  });

  test("30 wrong passwords at once for one account are checked at most THROTTLE_LIMIT (10) times", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(server.url, "burst@example.com", `wrong-${i}`, from("192.0.2.30"))));
    const { checked, refused } = tally(results);
    assert.ok(checked <= 10, `${checked} password checks`);
    assert.ok(checked >= 1, "the first attempts are checked");
    assert.equal(checked + refused, 30);
    for (const r of results) assert.equal(r.session, undefined);
  });

  test("a burst against a known e-mail does not lock out its owner: the right password from an address that has not failed gets through", async () => {
    for (let i = 0; i < 12; i++) await signIn(server.url, ADMIN.email, `guess-${i}`, from("192.0.2.50"));
    const fromAttacker = await signIn(server.url, ADMIN.email, ADMIN.password, from("192.0.2.50"));
    assert.equal(fromAttacker.status, 429, "the address that failed stays blocked");
    const wrongFromClean = await signIn(server.url, ADMIN.email, "still-wrong", from("192.0.2.61"));
    assert.equal(wrongFromClean.session, undefined, "a wrong password from a clean address is checked and refused");
    assert.notEqual(wrongFromClean.status, 429);
    const again = await signIn(server.url, ADMIN.email, ADMIN.password, from("192.0.2.61"));
    assert.equal(again.status, 429, "that address has failed now: the account's limit holds for it");
    const owner = await signIn(server.url, ADMIN.email, ADMIN.password, from("192.0.2.60"));
    assert.ok(owner.session, `the owner signs in from a clean address (${owner.status})`);
  });
});

describe("npm start (lib/cli/serve.mjs)", () => {
  test("a malformed TRUSTED_PROXIES stops the start with a message naming it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "arge-serve-"));
    try {
      const r = spawnSync(process.execPath, ["lib/cli/serve.mjs", "-p", String(await freePort()), "-H", "127.0.0.1"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir, TRUSTED_PROXIES: "two" },
        encoding: "utf8",
        timeout: 60_000,
      });
      assert.notEqual(r.status, 0);
      assert.match(`${r.stdout}${r.stderr}`, /TRUSTED_PROXIES/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
