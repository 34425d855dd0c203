import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * The proxy against the project's own sandbox provider (docs/sandbox.md), faults injected
 * through its control API (skipped only in a tree without lib/sandbox).
 */
const hasSandbox = existsSync(path.resolve(import.meta.dirname, "..", "..", "..", "lib", "sandbox"));

const STATE = {
  settings: { tokenLifetimeSeconds: 300 },
  clients: [
    {
      id: "hv-test",
      services: ["uvi", "dta"],
      basic: { username: "hv-test", password: "sandbox-basic-secret-1" },
      oauth: { clientId: "hv-test-api", clientSecret: "sandbox-oauth-secret-1" },
      customers: ["4711", "4712"],
    },
  ],
  documents: [
    ...[1, 2, 3].map((i) => ({
      service: "uvi",
      customer: "4711",
      documentid: `uvi-sb-${i}`,
      filename: `UVI_${i}.pdf`,
      doctype: "UVI-E",
      mimetype: "application/pdf",
      propertymanagement: "",
      metadata: [
        { reftype: "resident", mscnumber: `00012${i}`, pmnumber: `HV-7-0${i}`, from: "2026-10-01", to: "2026-10-31" },
      ],
      content: { generate: "uvi-pdf" },
      confirmed: false,
    })),
    ...["4711", "4712"].map((c, i) => ({
      service: "dta",
      customer: c,
      documentid: `dta-sb-${i}`,
      filename: `DTA_${c}.zip`,
      doctype: "A",
      doctypeversion: "3.07",
      mimetype: "ZIP",
      propertymanagement: "HV-7",
      metadata: [{ reftype: "billingunit", mscnumber: "55501", pmnumber: null, from: null, to: null }],
      content: { generate: "dta-zip" },
      confirmed: false,
    })),
  ],
};

describe(
  "proxy routes against the sandbox provider",
  { skip: hasSandbox ? false : "the sandbox is not in this tree yet" },
  () => {
    // The sandbox shares the app's process: a timeout that 100 parallel calls on 2 cores stay under.
    const s = suiteServer({ sandbox: true, env: { PROVIDER_TIMEOUT_MS: "8000" } });
    let a: Person;
    const ids: Record<string, string> = {};

    const control = (method: string, p: string, json?: unknown) =>
      api(null, s.server.url, `/sandbox/api${p}`, {
        method,
        json,
        headers: { Authorization: `Bearer ${s.server.env.SANDBOX_ADMIN_TOKEN}` },
      });

    before(async () => {
      const put = await control("PUT", "/state", STATE);
      assert.equal(put.status, 204, put.text);
      a = await makeUser(s.server, "manager");
      const basic = { type: "basic", username: "hv-test", password: "sandbox-basic-secret-1" };
      ids.uviBasic = (
        await addConnection(s.server, a.session, { service: "uvi", baseUrl: `${s.server.url}/arge`, auth: basic })
      ).id;
      ids.uviOauth = (
        await addConnection(s.server, a.session, {
          service: "uvi",
          baseUrl: `${s.server.url}/arge`,
          authUrl: s.server.url,
          auth: { type: "client_credentials", clientId: "hv-test-api", clientSecret: "sandbox-oauth-secret-1" },
        })
      ).id;
      ids.dta = (
        await addConnection(s.server, a.session, {
          service: "dta",
          baseUrl: `${s.server.url}/dta`,
          customerNumber: "4711",
          auth: basic,
        })
      ).id;
    });

    const get = (p: string) => api(a.session, s.server.url, p);

    test("connection test, list and count for every auth scheme and service", async () => {
      for (const id of [ids.uviBasic!, ids.uviOauth!]) {
        const t = await api(a.session, s.server.url, `/api/connections/${id}/test`, { method: "POST" });
        assert.deepEqual([t.body.ok, t.body.status, t.body.count], [true, "ok", 3], t.text);
        const list = await get(`/api/connections/${id}/documents?limit=2`);
        assert.equal(list.status, 200, list.text);
        assert.equal(list.body.count, 3);
        assert.deepEqual(
          list.body.documents.map((d: { documentid: string }) => d.documentid),
          ["uvi-sb-1", "uvi-sb-2"],
        );
      }
      const dta = await get(`/api/connections/${ids.dta}/documents`);
      assert.deepEqual(
        dta.body.documents.map((d: { documentid: string }) => d.documentid),
        ["dta-sb-0"],
      );
      assert.equal(dta.body.documents[0].mimetype, "application/zip");
      const other = await get(`/api/connections/${ids.dta}/documents?kd=4712`);
      assert.deepEqual(
        other.body.documents.map((d: { documentid: string }) => d.documentid),
        ["dta-sb-1"],
      );
      assert.equal((await get(`/api/connections/${ids.dta}/documents/count?kd=9999`)).body.error, "provider_forbidden");
    });

    test("data streams the PDF and the ZIP", async () => {
      const pdf = await fetch(`${s.server.url}/api/connections/${ids.uviBasic}/documents/uvi-sb-1/data`, {
        headers: { Cookie: a.session.cookie },
      });
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get("content-type"), "application/pdf");
      assert.equal(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        "%PDF-",
      );
      const zip = await fetch(`${s.server.url}/api/connections/${ids.dta}/documents/dta-sb-0/data`, {
        headers: { Cookie: a.session.cookie },
      });
      assert.equal(zip.status, 200);
      assert.equal(
        Buffer.from(await zip.arrayBuffer())
          .subarray(0, 2)
          .toString(),
        "PK",
      );
      assert.equal((await get(`/api/connections/${ids.uviBasic}/documents/nope/data`)).status, 404);
    });

    test("faults: reads retry through 503s; a truncated answer is unexpected", async () => {
      await control("PUT", "/faults", [
        { method: "GET", path: "/arge/documents/v1/documents/out/count", status: 503, times: 2 },
      ]);
      assert.deepEqual((await get(`/api/connections/${ids.uviBasic}/documents/count`)).body, { count: 3 });
      await control("PUT", "/faults", [
        { method: "GET", path: "/arge/documents/v1/documents/out/count", status: 200, body: '{"count":', times: 1 },
      ]);
      assert.equal((await get(`/api/connections/${ids.uviBasic}/documents/count`)).body.error, "provider_unexpected");
      await control("DELETE", "/faults");
    });

    test("confirm: confirmed, idempotent, unknown on timeout and on applyThenFail, sent once", async () => {
      const put = (id: string) =>
        api(a.session, s.server.url, `/api/connections/${ids.uviBasic}/documents/${id}/status`, { method: "PUT" });
      assert.deepEqual((await put("uvi-sb-1")).body, { documentid: "uvi-sb-1", state: "confirmed" });
      assert.equal((await put("uvi-sb-1")).body.state, "confirmed");
      await control("PUT", "/faults", [
        // Held past PROVIDER_TIMEOUT_MS; the next rules let it go.
        { method: "PUT", path: "/arge/documents/v1/documents/out/*/status", hold: "put", times: 1 },
      ]);
      const slow = await put("uvi-sb-2");
      assert.equal(slow.status, 504);
      assert.equal(slow.body.state, "unknown");
      await control("PUT", "/faults", [
        { method: "PUT", path: "/arge/documents/v1/documents/out/*/status", applyThenFail: 504, times: 1 },
      ]);
      const lost = await put("uvi-sb-3");
      assert.equal(lost.status, 502);
      assert.equal(lost.body.state, "unknown");
      await control("DELETE", "/faults");
      const log = await control("GET", "/requests");
      const puts = (log.body as { method: string; path: string }[]).filter(
        (r) => r.method === "PUT" && r.path.includes("uvi-sb-3"),
      );
      assert.equal(puts.length, 1);
    });

    test("100 parallel calls on a fresh client-credentials connection: one token request at the sandbox", async () => {
      const fresh = await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        // Another account than ids.uviOauth's (a user's second connection to one account is refused); UVI sends no kd.
        customerNumber: "fresh",
        authUrl: s.server.url,
        auth: { type: "client_credentials", clientId: "hv-test-api", clientSecret: "sandbox-oauth-secret-1" },
      });
      const before = ((await control("GET", "/requests")).body as { path: string }[]).filter((r) =>
        r.path.endsWith("/openid-connect/token"),
      ).length;
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => get(`/api/connections/${fresh.id}/documents/count`)),
      );
      const statuses = answers.map((r) => `${r.status} ${r.body?.error ?? ""}`);
      assert.ok(
        answers.every((r) => r.status === 200),
        [...new Set(statuses)].join(", "),
      );
      const log = (await control("GET", "/requests")).body as { path: string; auth: string }[];
      const tokens = log.filter((r) => r.path.endsWith("/openid-connect/token")).length - before;
      assert.equal(tokens, 1, `token requests: ${tokens}`);
    });

    test("wrong credentials: the connection test says so", async () => {
      const bad = await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        customerNumber: "wrong",
        auth: { type: "basic", username: "hv-test", password: "wrong" },
      });
      assert.equal(
        (await api(a.session, s.server.url, `/api/connections/${bad.id}/test`, { method: "POST" })).body.status,
        "auth_failed",
      );
      assert.ok(!s.server.output().includes("sandbox-basic-secret-1"));
      assert.ok(!s.server.output().includes("sandbox-oauth-secret-1"));
    });
  },
);
