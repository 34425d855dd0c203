import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../support/connections";
import { MiB, rssGrowthDuring, serverPid } from "../support/memory";
import { altProviderSuite, suiteServer } from "../support/suite";

/** A body of `bytes` bytes sent chunked (no Content-Length), as a client that does not announce its size would. */
function chunked(bytes: number, fill = 0x20): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, 64 * 1024);
      left -= n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
  });
}

async function post(url: string, body: BodyInit, headers: Record<string, string>) {
  const res = await fetch(url, { method: "POST", body, headers, redirect: "manual", duplex: "half" } as RequestInit);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: () => JSON.parse(text) as { error: string; message: string },
  };
}

describe("request bodies are limited while they stream (64 KiB for JSON and sign-in, 413 in the error shape)", () => {
  const p = altProviderSuite();
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: p.alt.origin } }));
  let a: Person;
  let pid: number;

  before(async () => {
    a = await makeUser(s.server, "manager");
    pid = serverPid(s.server.port);
    // One refused body before memory is watched: loading the route's code and the first large
    // request's buffers happen once, and are not a body held in memory.
    assert.equal(
      (
        await post(`${s.server.url}/api/connections`, chunked(10 * MiB), {
          "Content-Type": "application/json",
          Cookie: a.session.cookie,
        })
      ).status,
      413,
    );
  });

  const json = () => ({ "Content-Type": "application/json", Cookie: a.session.cookie });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  test("10 MB to a JSON route, with a length or chunked, is 413 and the server's memory stays flat", async () => {
    const tenMb = JSON.stringify({ name: "x".repeat(10 * MiB) });
    const { result, growth } = await rssGrowthDuring(pid, () =>
      Promise.all([
        ...Array.from({ length: 4 }, () => post(`${s.server.url}/api/connections`, tenMb, json())),
        ...Array.from({ length: 4 }, () => post(`${s.server.url}/api/connections`, chunked(10 * MiB), json())),
      ]),
    );
    for (const r of result) {
      assert.equal(r.status, 413, r.text.slice(0, 200));
      assert.equal(r.json().error, "payload_too_large");
      assert.match(r.json().message, /64 KiB/);
      assert.equal(r.headers.get("cache-control"), "no-store");
    }
    assert.ok(growth < 40 * MiB, `the server grew by ${Math.round(growth / MiB)} MiB for 80 MB sent`);
  });

  test("10 MB to sign-in is 413 before next-auth reads it, with no session and flat memory", async () => {
    const body = new URLSearchParams({ csrfToken: "x", email: a.email, password: "p".repeat(10 * MiB) }).toString();
    const { result, growth } = await rssGrowthDuring(pid, () =>
      Promise.all([
        ...Array.from({ length: 4 }, () => post(`${s.server.url}/api/auth/callback/credentials`, body, form)),
        ...Array.from({ length: 4 }, () =>
          post(`${s.server.url}/api/auth/callback/credentials`, chunked(10 * MiB, 0x61), form),
        ),
      ]),
    );
    for (const r of result) {
      assert.equal(r.status, 413, r.text.slice(0, 200));
      assert.equal(r.json().error, "payload_too_large");
      assert.equal(r.headers.getSetCookie?.().some((c) => c.includes("session-token")) ?? false, false);
    }
    assert.ok(growth < 40 * MiB, `the server grew by ${Math.round(growth / MiB)} MiB for 80 MB sent`);
  });

  test("a body under the limit is still read and validated (400, not 413)", async () => {
    const r = await post(`${s.server.url}/api/connections`, JSON.stringify({ name: "y".repeat(60 * 1024) }), json());
    assert.equal(r.status, 400);
    assert.equal(r.json().error, "validation");
  });

  test("confirmations take 1000 ids of 200 characters (about 200 KB): read and validated, not 413", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    const documentids = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(4, "0")}${"d".repeat(196)}`);
    // An invalid kd makes the answer a 400 naming it: proof that the whole body was read, without confirming 1000
    // documents.
    const r = await post(
      `${s.server.url}/api/connections/${conn.id}/confirmations`,
      JSON.stringify({ documentids, kd: "not valid!" }),
      json(),
    );
    assert.equal(r.status, 400, r.text.slice(0, 300));
    assert.deepEqual(
      (JSON.parse(r.text) as { fields: { path: string }[] }).fields.map((f) => f.path),
      ["kd"],
    );
    const huge = await post(`${s.server.url}/api/connections/${conn.id}/confirmations`, chunked(10 * MiB), json());
    assert.equal(huge.status, 413, "the route's own limit holds too");
  });
});
