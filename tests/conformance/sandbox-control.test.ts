import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { A_BASIC, admin, call, CLIENT_A, putState, setFaults, testState, token, UVI } from "./support";

describe("sandbox control API, persistence", () => {
  const s = suiteServer({ sandbox: true });

  test("only the admin token opens the control API", async () => {
    for (const auth of [
      undefined,
      "Bearer wrong-token-000000",
      `Basic ${Buffer.from(`x:${s.server.env.SANDBOX_ADMIN_TOKEN}`).toString("base64")}`,
    ]) {
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
    const dtaCustomers = new Set(
      state.documents
        .filter((d: { service: string }) => d.service === "dta")
        .map((d: { customer: string }) => d.customer),
    );
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

  test("state, confirmations, received documents and the signing key survive a restart", async () => {
    await putState(s.server, testState(4));
    await call(s.server, `${UVI}/documents/out/u-3/status`, { method: "PUT", auth: A_BASIC });
    const upload = new FormData();
    upload.set("file", new Blob(["kept"]), "kept.zip");
    const sent = await (
      await call(s.server, "/dta/v1/documents/in", { method: "POST", auth: A_BASIC, body: upload })
    ).json();
    const bearer = await token(s.server);
    const before = await (await admin(s.server, "GET", "/state")).json();
    const jwksBefore = await (await call(s.server, "/auth/realms/arge-api/protocol/openid-connect/certs")).json();
    await s.server.restart();
    const afterState = await (await admin(s.server, "GET", "/state")).json();
    assert.deepEqual(afterState, before);
    assert.ok(afterState.received.some((r: { documentid: string }) => r.documentid === sent.documentid));
    assert.deepEqual(
      await (await call(s.server, "/auth/realms/arge-api/protocol/openid-connect/certs")).json(),
      jwksBefore,
    );
    assert.equal(
      (await call(s.server, `${UVI}/documents/out/count`, { auth: `Bearer ${bearer}` })).status,
      200,
      "a token from before still verifies",
    );
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
    for (const form of [full, bare])
      assert.equal(
        (await call(s.server, "/dta/v1/documents/in", { method: "POST", auth: A_BASIC, body: form })).status,
        201,
      );
    const saved = await (await admin(s.server, "GET", "/state")).json();
    assert.equal(saved.received.length, 2);

    await putState(s.server, testState(1));
    assert.deepEqual(
      (await (await admin(s.server, "GET", "/state")).json()).received,
      [],
      "a state without received has none",
    );
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
      const res = await fetch(`${s.server.url}${p}`, {
        method,
        headers: { Authorization: `Bearer ${s.server.env.SANDBOX_ADMIN_TOKEN}` },
      });
      assert.equal(res.status, 404, `${method} ${p}`);
    }
  });
});

describe(
  "two instances on one PostgreSQL database",
  { skip: !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set" },
  () => {
    const first = suiteServer({ sandbox: true });
    // The second instance on the first one's database, once that one runs.
    const second = suiteServer(() => ({
      sandbox: true,
      env: { DATABASE_URL: first.server.env.DATABASE_URL!, SANDBOX_ADMIN_TOKEN: first.server.env.SANDBOX_ADMIN_TOKEN! },
    }));

    test("state, confirmations, fault counters and the signing key are shared", async () => {
      await putState(first.server, testState(3));
      assert.equal(
        (await call(second.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC })).status,
        200,
      );
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
  },
);
