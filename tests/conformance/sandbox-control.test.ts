import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { A_BASIC, admin, call, CLIENT_A, putState, setFaults, testState, token, UVI } from "./support";

describe("sandbox control API, faults, rate limit, requests log, persistence", () => {
  const s = suiteServer({ sandbox: true });

  test("only the admin token opens the control API", async () => {
    for (const auth of [undefined, "Bearer wrong-token-000000", `Basic ${Buffer.from(`x:${s.server.env.SANDBOX_ADMIN_TOKEN}`).toString("base64")}`]) {
      const res = await fetch(`${s.server.url}/sandbox/api/state`, { headers: auth ? { Authorization: auth } : {} });
      assert.equal(res.status, 401);
    }
    assert.equal((await admin(s.server, "GET", "/state")).status, 200);
  });

  test("the first start loaded the demo set: two clients with their own UVI documents, two DTA customers, >= 200 units, six months", async () => {
    const state = await (await admin(s.server, "GET", "/state")).json();
    assert.equal(state.clients.length, 2);
    const [client, second] = state.clients;
    assert.ok(client.basic && client.oauth && second.basic);
    assert.equal(client.customers.length, 2);
    const uvi = state.documents.filter((d: { service: string }) => d.service === "uvi");
    // Each client's UVI list is its own customer's: the demo's two UVI connections share no document.
    const uviCustomers = new Set(uvi.map((d: { customer: string }) => d.customer));
    assert.deepEqual([...uviCustomers].sort(), [client.customers[0], second.customers[0]].sort());
    const units = new Set(uvi.map((d: { metadata: { mscnumber: string }[] }) => d.metadata[0]!.mscnumber));
    assert.ok(units.size >= 200, `${units.size} units`);
    const months = new Set(uvi.map((d: { metadata: { from: string }[] }) => d.metadata[0]!.from.slice(0, 7)));
    assert.ok(months.size >= 6);
    const dtaCustomers = new Set(state.documents.filter((d: { service: string }) => d.service === "dta").map((d: { customer: string }) => d.customer));
    assert.deepEqual([...dtaCustomers].sort(), [...client.customers].sort());
    const pdf = await call(s.server, `${UVI}/documents/out/${uvi[0].documentid}/data`, {
      auth: `Basic ${Buffer.from(`${client.basic.username}:${client.basic.password}`).toString("base64")}`,
    });
    assert.equal(pdf.status, 200);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      "%PDF-",
    );
  });

  test("a state that does not fit is refused with 400 naming the field; the old state stays", async () => {
    await putState(s.server, testState(3));
    const bad = testState(3);
    (bad.documents[1] as Record<string, unknown>).documentid = "bad/id";
    const cases: [unknown, RegExp][] = [
      [bad, /documents\.1\.documentid/],
      [{ ...testState(1), clients: [{ ...CLIENT_A, services: ["fax"] }] }, /clients\.0\.services/],
      [{ ...testState(1), settings: { maxLimit: "many" } }, /settings\.maxLimit/],
      [{ ...testState(1), documents: [...testState(1).documents, testState(1).documents[0]] }, /duplicate documentid/],
      [{ clients: [] }, /documents/],
    ];
    for (const [body, field] of cases) {
      const res = await admin(s.server, "PUT", "/state", body);
      assert.equal(res.status, 400);
      const problem = await res.json();
      assert.match(problem.message, field);
    }
    const raw = await fetch(`${s.server.url}/sandbox/api/state`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${s.server.env.SANDBOX_ADMIN_TOKEN}` },
      body: "{nope",
    });
    assert.equal(raw.status, 400);
    assert.equal((await (await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).json()).count, 3);
    assert.equal((await admin(s.server, "POST", "/reset")).status, 204);
    const after = await (await admin(s.server, "GET", "/state")).json();
    assert.equal(after.clients[0].id, "hv-nord");
    await putState(s.server, testState(3));
  });

  test("fault rules: status with times, custom body, Retry-After, * segments, method filter", async () => {
    await setFaults(s.server, [
      { method: "GET", path: `${UVI}/documents/out`, status: 503, times: 2 },
      { path: `${UVI}/documents/out/count`, body: '{"count":', status: 200, times: 1 },
      { method: "GET", path: "/dta/v1/documents/out", status: 429, retryAfterSeconds: 1, times: 1 },
      { method: "GET", path: `${UVI}/documents/out/*/data`, status: 500 },
    ]);
    const list = () => call(s.server, `${UVI}/documents/out`, { auth: A_BASIC });
    for (let i = 0; i < 2; i++) {
      const res = await list();
      assert.equal(res.status, 503);
      assert.equal((await res.json()).status, 503);
    }
    assert.equal((await list()).status, 200, "times ran out");
    const count = await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC });
    assert.equal(count.status, 200);
    assert.equal(await count.text(), '{"count":');
    assert.equal((await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).status, 200);
    const dta = await call(s.server, "/dta/v1/documents/out", { auth: A_BASIC });
    assert.equal(dta.status, 429);
    assert.equal(dta.headers.get("retry-after"), "1");
    assert.equal((await dta.json()).code, "429");
    for (let i = 0; i < 3; i++) assert.equal((await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC })).status, 500, "no times: always");
    assert.equal((await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC })).status, 200, "other method and path unaffected");
    assert.equal((await admin(s.server, "DELETE", "/faults")).status, 204);
    assert.equal((await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC })).status, 200);
  });

  test("delayMs delays the real answer; applyThenFail confirms and then fails", async () => {
    await putState(s.server, testState(3));
    await setFaults(s.server, [
      { method: "PUT", path: `${UVI}/documents/out/*/status`, delayMs: 600, times: 1 },
      { method: "PUT", path: `${UVI}/documents/out/*/status`, applyThenFail: 504, times: 1 },
    ]);
    const started = Date.now();
    const slow = await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC });
    assert.equal(slow.status, 200);
    assert.ok(Date.now() - started >= 550, "delayed");
    const lost = await call(s.server, `${UVI}/documents/out/u-2/status`, { method: "PUT", auth: A_BASIC });
    assert.equal(lost.status, 504);
    const list = await (await call(s.server, `${UVI}/documents/out`, { auth: A_BASIC })).json();
    assert.deepEqual(
      list.documents.map((d: { documentid: string }) => d.documentid),
      ["u-0"],
      "u-2 was confirmed although the answer failed",
    );
    const rules = await (await admin(s.server, "GET", "/faults")).json();
    assert.deepEqual(
      rules.map((r: { remaining: number }) => r.remaining),
      [0, 0],
    );
    await setFaults(s.server, [{ method: "PUT", path: `${UVI}/documents/out/*/status`, status: 204, body: "ignored", times: 1 }]);
    const empty = await call(s.server, `${UVI}/documents/out/u-0/status`, { method: "PUT", auth: A_BASIC });
    assert.equal(empty.status, 204, "a status without a body is answered without one");
    const refused = await admin(s.server, "PUT", "/faults", [{ path: "no-slash", status: 500 }]);
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).message, /0\.path/);
    await admin(s.server, "DELETE", "/faults");
  });

  test("per-client rate limit: 429 with Retry-After in seconds", async () => {
    await putState(s.server, testState(2, { rateLimit: { requests: 3, windowSeconds: 60 } }));
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const res = await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("retry-after");
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    assert.match(retryAfter ?? "", /^\d+$/);
    assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60);
    const other = await call(s.server, `${UVI}/documents/out/count`, { auth: `Basic ${Buffer.from("b-user:b-basic-secret-1").toString("base64")}` });
    assert.equal(other.status, 200, "another client has its own window");
    await putState(s.server, testState(2));
  });

  test("requests log: method, path, status, auth kind, kd; oldest first; no secrets", async () => {
    await call(s.server, "/dta/v1/documents/out/count", { auth: A_BASIC, headers: { kd: "101" } });
    const bearer = await token(s.server);
    await call(s.server, `${UVI}/documents/out?limit=1`, { auth: `Bearer ${bearer}` });
    await call(s.server, `${UVI}/documents/out?access_token=${bearer}`);
    const res = await admin(s.server, "GET", "/requests");
    const text = await res.text();
    const log = JSON.parse(text) as { at: string; method: string; path: string; status: number; auth: string; kd: string | null }[];
    const tail = log.slice(-4);
    assert.deepEqual(
      tail.map((r) => [r.method, r.path, r.status, r.auth, r.kd]),
      [
        ["GET", "/dta/v1/documents/out/count", 200, "basic", "101"],
        ["POST", "/auth/realms/arge-api/protocol/openid-connect/token", 200, "basic", null],
        ["GET", `${UVI}/documents/out?limit=1`, 200, "bearer", null],
        ["GET", `${UVI}/documents/out`, 401, "none", null],
      ],
    );
    assert.ok(log.every((r, i) => i === 0 || Date.parse(r.at) >= Date.parse(log[i - 1]!.at)));
    for (const secret of [CLIENT_A.basic.password, CLIENT_A.oauth.clientSecret, bearer, s.server.env.SANDBOX_ADMIN_TOKEN!]) {
      assert.ok(!text.includes(secret));
      assert.ok(!s.server.output().includes(secret), "nor in the server's output");
    }
  });

  test("the requests log keeps the last 1000", async () => {
    const batch = Array.from({ length: 1050 }, () => call(s.server, "/dta/v1/nothing"));
    for (let i = 0; i < batch.length; i += 50) await Promise.all(batch.slice(i, i + 50));
    const log = await (await admin(s.server, "GET", "/requests")).json();
    assert.equal(log.length, 1000);
    assert.equal(log.at(-1).path, "/dta/v1/nothing");
  });

  test("state, confirmations, received documents and the signing key survive a restart", async () => {
    await putState(s.server, testState(4));
    await call(s.server, `${UVI}/documents/out/u-3/status`, { method: "PUT", auth: A_BASIC });
    const upload = new FormData();
    upload.set("file", new Blob(["kept"]), "kept.zip");
    const sent = await (await call(s.server, "/dta/v1/documents/in", { method: "POST", auth: A_BASIC, body: upload })).json();
    const bearer = await token(s.server);
    const before = await (await admin(s.server, "GET", "/state")).json();
    const jwksBefore = await (await call(s.server, "/auth/realms/arge-api/protocol/openid-connect/certs")).json();
    await s.server.restart();
    const afterState = await (await admin(s.server, "GET", "/state")).json();
    assert.deepEqual(afterState, before);
    assert.ok(afterState.received.some((r: { documentid: string }) => r.documentid === sent.documentid));
    assert.deepEqual(await (await call(s.server, "/auth/realms/arge-api/protocol/openid-connect/certs")).json(), jwksBefore);
    assert.equal((await call(s.server, `${UVI}/documents/out/count`, { auth: `Bearer ${bearer}` })).status, 200, "a token from before still verifies");
    assert.equal((await (await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).json()).count, 3);
  });

  test("a state read with GET is taken back by PUT as it is, received documents included", async () => {
    await putState(s.server, testState(3));
    await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC });
    const full = new FormData();
    full.set("file", new Blob(["first bytes"]), "first.zip");
    full.set("doctype", "A");
    full.set("doctypeversion", "3.07");
    full.set("metadata", JSON.stringify([{ reftype: "billingunit", mscnumber: "55501", note: "kept as sent" }]));
    const bare = new FormData();
    bare.set("file", new Blob([Buffer.from([0, 255, 1])]), "second.bin");
    for (const form of [full, bare]) assert.equal((await call(s.server, "/dta/v1/documents/in", { method: "POST", auth: A_BASIC, body: form })).status, 201);
    const saved = await (await admin(s.server, "GET", "/state")).json();
    assert.equal(saved.received.length, 2);

    await putState(s.server, testState(1));
    assert.deepEqual((await (await admin(s.server, "GET", "/state")).json()).received, [], "a state without received has none");
    await putState(s.server, saved);
    const loaded = await (await admin(s.server, "GET", "/state")).json();
    assert.deepEqual(loaded, saved);
    assert.equal(Buffer.from(loaded.received[0].content.base64, "base64").toString(), "first bytes");

    const wrongSize = { ...saved, received: [{ ...saved.received[0], size: 1 }] };
    const twice = { ...saved, received: [saved.received[0], saved.received[0]] };
    for (const [body, field] of [
      [wrongSize, /received\.0\.size/],
      [twice, /received\.1\.documentid/],
    ] as const) {
      const res = await admin(s.server, "PUT", "/state", body);
      assert.equal(res.status, 400);
      assert.match((await res.json()).message, field);
    }
  });
});

describe("sandbox off", () => {
  const s = suiteServer({ sandbox: false });

  test("every sandbox route answers 404", async () => {
    for (const [method, p] of [
      ["GET", `${UVI}/documents/out`],
      ["GET", "/dta/v1/documents/out"],
      ["GET", "/auth/realms/arge-api/.well-known/openid-configuration"],
      ["POST", "/auth/realms/arge-api/protocol/openid-connect/token"],
      ["GET", "/sandbox/api/state"],
      ["POST", "/sandbox/api/reset"],
    ] as const) {
      const res = await fetch(`${s.server.url}${p}`, { method, headers: { Authorization: `Bearer ${s.server.env.SANDBOX_ADMIN_TOKEN}` } });
      assert.equal(res.status, 404, `${method} ${p}`);
    }
  });
});

describe("two instances on one PostgreSQL database", { skip: !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set" }, () => {
  const first = suiteServer({ sandbox: true });
  // The second instance on the first one's database, once that one runs.
  const second = suiteServer(() => ({
    sandbox: true,
    env: { DATABASE_URL: first.server.env.DATABASE_URL!, SANDBOX_ADMIN_TOKEN: first.server.env.SANDBOX_ADMIN_TOKEN! },
  }));

  test("state, confirmations, fault counters and the signing key are shared", async () => {
    await putState(first.server, testState(3));
    assert.equal((await call(second.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC })).status, 200);
    assert.equal((await (await call(first.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).json()).count, 2);
    await setFaults(first.server, [{ path: `${UVI}/documents/out/count`, status: 503, times: 1 }]);
    const statuses = [
      (await call(second.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).status,
      (await call(first.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).status,
    ];
    assert.deepEqual(statuses, [503, 200], "times: 1 fires once across instances");
    const bearer = await token(first.server);
    assert.equal((await call(second.server, `${UVI}/documents/out/count`, { auth: `Bearer ${bearer}` })).status, 200);
  });
});
