import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { A_BASIC, admin, call, CLIENT_A, putState, setFaults, testState, token, UVI } from "./support";

describe("sandbox faults, rate limit, requests log", () => {
  const s = suiteServer({ sandbox: true });
  // The state the tests start from (client A with three UVI documents), not the demo set of the first start.
  before(async () => {
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
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC })).status,
        500,
        "no times: always",
      );
    assert.equal(
      (await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC })).status,
      200,
      "other method and path unaffected",
    );
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
    await setFaults(s.server, [
      { method: "PUT", path: `${UVI}/documents/out/*/status`, status: 204, body: "ignored", times: 1 },
    ]);
    const empty = await call(s.server, `${UVI}/documents/out/u-0/status`, { method: "PUT", auth: A_BASIC });
    assert.equal(empty.status, 204, "a status without a body is answered without one");
    const refused = await admin(s.server, "PUT", "/faults", [{ path: "no-slash", status: 500 }]);
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).message, /0\.path/);
    await admin(s.server, "DELETE", "/faults");
  });

  test("hold keeps a request until the test lifts it; the rule's status follows; a lift before the request, and new rules, let it pass", async () => {
    await putState(s.server, testState(3));
    await setFaults(s.server, [
      { method: "GET", path: `${UVI}/documents/out/count`, hold: "count", status: 503, times: 1 },
      { method: "GET", path: `${UVI}/documents/out`, hold: "early", times: 1 },
    ]);
    const holds = async () =>
      (await (await admin(s.server, "GET", "/holds")).json()) as { name: string; waiting: number; lifted: boolean }[];
    let answered = false;
    const held = call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC }).then((res) => {
      answered = true;
      return res;
    });
    let seen = await holds();
    for (let i = 0; i < 100 && !seen.some((h) => h.name === "count" && h.waiting === 1); i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await holds();
    }
    assert.deepEqual(seen, [{ name: "count", waiting: 1, lifted: false }]);
    assert.equal(answered, false, "held while the hold stands");
    assert.equal((await admin(s.server, "DELETE", "/holds/count")).status, 204);
    assert.equal((await held).status, 503, "then the rule's status");
    assert.deepEqual(await holds(), [{ name: "count", waiting: 0, lifted: true }]);
    // Lifted before its request comes: it passes at once.
    assert.equal((await admin(s.server, "DELETE", "/holds/early")).status, 204);
    assert.equal((await call(s.server, `${UVI}/documents/out`, { auth: A_BASIC })).status, 200);
    // New rules forget what was lifted; replacing them lets a held request go.
    await setFaults(s.server, [{ method: "GET", path: `${UVI}/documents/out`, hold: "early", times: 1 }]);
    const again = call(s.server, `${UVI}/documents/out`, { auth: A_BASIC });
    for (let i = 0; i < 100 && !(await holds()).some((h) => h.waiting === 1); i++)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal((await admin(s.server, "DELETE", "/faults")).status, 204);
    assert.equal((await again).status, 200);
    assert.deepEqual(await holds(), []);
    assert.equal((await admin(s.server, "DELETE", "/holds/not a name")).status, 400);
    const refused = await admin(s.server, "PUT", "/faults", [{ smtp: "DATA", hold: "a b" }]);
    assert.equal(refused.status, 400);
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
    const other = await call(s.server, `${UVI}/documents/out/count`, {
      auth: `Basic ${Buffer.from("b-user:b-basic-secret-1").toString("base64")}`,
    });
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
    const log = JSON.parse(text) as {
      at: string;
      method: string;
      path: string;
      status: number;
      auth: string;
      kd: string | null;
    }[];
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
    for (const secret of [
      CLIENT_A.basic.password,
      CLIENT_A.oauth.clientSecret,
      bearer,
      s.server.env.SANDBOX_ADMIN_TOKEN!,
    ]) {
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
});
