import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { Agent, fetch as undiciFetch } from "undici";
import { ADMIN, freePort } from "../../support/server";
import { signIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const from = (forwardedFor: string) => ({ "X-Forwarded-For": forwardedFor });

/**
 * Signs in over a connection from the source address `localAddress` (any 127.x.y.z on loopback); answers the status.
 */
async function signInFromSource(
  base: string,
  email: string,
  password: string,
  localAddress: string,
): Promise<{ status: number }> {
  const dispatcher = new Agent({ localAddress });
  try {
    const csrfRes = await undiciFetch(`${base}/api/auth/csrf`, { dispatcher });
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const cookie = csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    const res = await undiciFetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      dispatcher,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ csrfToken, email, password }),
    });
    await res.arrayBuffer();
    return { status: res.status };
  } finally {
    await dispatcher.close();
  }
}

/** Sign-in answers a password was checked for (a redirect), and those refused before (429). */
function tally(results: { status: number }[]) {
  return {
    checked: results.filter((r) => r.status !== 429).length,
    refused: results.filter((r) => r.status === 429).length,
  };
}

describe("throttling by address without trusted proxies (TRUSTED_PROXIES=0, npm start)", () => {
  const s = suiteServer();

  test("12 failures with 12 made-up X-Forwarded-For addresses count for the socket's one address", async () => {
    const results = [];
    for (let i = 0; i < 12; i++) {
      results.push(await signIn(s.server.url, `forged-${i}@example.com`, "wrong-password", from(`203.0.113.${i + 1}`)));
    }
    assert.deepEqual(tally(results), { checked: 10, refused: 2 });
    const blocked = results[11]!;
    assert.ok(Number(blocked.headers.get("retry-after")) > 0);
    assert.equal(blocked.headers.get("cache-control"), "no-store");
    // The one real address is blocked for everyone, the admin included.
    const admin = await signIn(s.server.url, ADMIN.email, ADMIN.password, from("198.51.100.77"));
    assert.equal(admin.status, 429);
  });

  test("12 wrong passwords for one account from 12 loopback addresses: at most 10 are checked, the rest wait", async () => {
    const results = [];
    for (let i = 0; i < 12; i++)
      results.push(await signInFromSource(s.server.url, "target@example.com", `guess-${i}`, `127.0.1.${i + 1}`));
    assert.deepEqual(tally(results), { checked: 10, refused: 2 });
  });
});

describe("throttling behind one trusted proxy (TRUSTED_PROXIES=1)", () => {
  const s = suiteServer({ env: { TRUSTED_PROXIES: "1" } });

  test("the address is the rightmost X-Forwarded-For entry (the one the proxy appended), not what the client wrote", async () => {
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(
        await signIn(s.server.url, `proxied-${i}@example.com`, "wrong-password", from(`10.9.${i}.1, 192.0.2.10`)),
      );
    }
    assert.deepEqual(tally(results), { checked: 10, refused: 1 });
    const other = await signIn(s.server.url, "proxied-x@example.com", "wrong-password", from("192.0.2.10, 192.0.2.11"));
    assert.notEqual(other.status, 429, "another client behind the proxy is not blocked");
  });

  test("30 wrong passwords at once for one account are checked at most THROTTLE_LIMIT (10) times", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(s.server.url, "burst@example.com", `wrong-${i}`, from("192.0.2.30"))),
    );
    const { checked, refused } = tally(results);
    assert.ok(checked <= 10, `${checked} password checks`);
    assert.ok(checked >= 1, "the first attempts are checked");
    assert.equal(checked + refused, 30);
    for (const r of results) assert.equal(r.session, undefined);
  });

  test("IPv6 addresses in one /64 share one budget; the neighbouring /64 has its own", async () => {
    const results = [];
    for (let i = 0; i < 11; i++) {
      const address = i % 2 ? `2001:db8:77:1::${i + 1}` : `2001:db8:77:1:${(i + 1).toString(16)}:ab:cd:ef`;
      results.push(await signIn(s.server.url, `v6-${i}@example.com`, "wrong-password", from(`192.0.2.1, ${address}`)));
    }
    assert.deepEqual(tally(results), { checked: 10, refused: 1 });
    const neighbour = await signIn(s.server.url, "v6-x@example.com", "wrong-password", from("2001:db8:77:2::1"));
    assert.notEqual(neighbour.status, 429, "another /64 is another client");
  });

  test("an IPv4-mapped IPv6 address (::ffff:a.b.c.d) counts as the IPv4 address", async () => {
    const results = [];
    for (let i = 0; i < 11; i++) {
      const address = i % 2 ? "::ffff:192.0.2.80" : "192.0.2.80";
      results.push(await signIn(s.server.url, `mapped-${i}@example.com`, "wrong-password", from(address)));
    }
    assert.deepEqual(tally(results), { checked: 10, refused: 1 });
  });

  test("an account under attack from many addresses: at most 10 guesses are checked, and its owner still signs in from an address known to it", async () => {
    // The owner signed in from A before: A (as its /64) is known for the account from then on.
    const first = await signIn(s.server.url, ADMIN.email, ADMIN.password, from("2001:db8:60:1::10"));
    assert.ok(first.session, `the owner signs in from A (${first.status})`);
    const attack = [];
    for (let i = 0; i < 12; i++)
      attack.push(await signIn(s.server.url, ADMIN.email, `guess-${i}`, from(`198.51.100.${i + 1}`)));
    assert.deepEqual(tally(attack), { checked: 10, refused: 2 }, "one account, 12 addresses: 10 checks");
    const elsewhere = await signIn(s.server.url, ADMIN.email, ADMIN.password, from("198.51.100.200"));
    assert.equal(elsewhere.status, 429, "from an address the account is not known at, even the right password waits");
    assert.ok(Number(elsewhere.headers.get("retry-after")) > 0);
    const owner = await signIn(s.server.url, ADMIN.email, ADMIN.password, from("2001:db8:60:1::beef"));
    assert.ok(owner.session, `the owner signs in from A's /64 during the attack (${owner.status})`);
    const later = await signIn(s.server.url, ADMIN.email, `guess-after`, from("198.51.100.201"));
    assert.equal(later.status, 429, "the owner's sign-in does not give the attacker a fresh budget");
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
