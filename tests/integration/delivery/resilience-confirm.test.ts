import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import {
  control,
  mustSync,
  ndjson,
  putState,
  requestsLog,
  SANDBOX_BASIC,
  SANDBOX_CLIENT,
  uvi,
} from "../../support/delivery";
import { testDatabaseUrl } from "../../support/server";
import { instancesSuite, suiteServer } from "../../support/suite";
import { api } from "../../support/session";

/**
 * Issue 17 (resilience), the delivery side, confirmations: a confirmed record never changes, the
 * token is had before a confirmation's claim, and two runs on two instances tell the truth
 * (resilience-confirm-late.test.ts: a run that comes after the other one confirmed;
 * resilience-archive.test.ts: the archive).
 */

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

// One server for the file's first two blocks, each with its own manager and connection; a provider that does not
// answer is given up on after 1.5 s.
const s = suiteServer({ sandbox: true, env: { PROVIDER_TIMEOUT_MS: "1500" } });

describe("what was confirmed stays as confirmed", () => {
  let a: Person;
  let support: Person;
  let conn = "";
  const first = Buffer.from("%PDF-1.4 the bytes that were confirmed\n%%EOF\n");
  const other = Buffer.from("%PDF-1.4 other bytes served after the confirmation\n%%EOF\n");
  const doc = (content: Buffer, confirmed: boolean) =>
    uvi("kept-1", "720001", "2026-10", { content: { base64: content.toString("base64") }, confirmed });

  before(async () => {
    await putState(s.server, [doc(first, false)]);
    a = await makeUser(s.server, "manager");
    support = await makeUser(s.server, "support");
    conn = (
      await addConnection(s.server, a.session, { service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })
    ).id;
    await mustSync(a.session, s.server.url, conn);
  });

  test("a later view with other bytes is archived as its own event; the record, its hash and its file keep the confirmed bytes", async () => {
    const confirm = await api(a.session, s.server.url, `/api/connections/${conn}/documents/kept-1/status`, {
      method: "PUT",
    });
    assert.equal(confirm.status, 200, confirm.text);
    // The provider now serves other bytes for the same (confirmed) document.
    await putState(s.server, [doc(other, true)]);
    const view = await fetch(`${s.server.url}/api/connections/${conn}/documents/kept-1/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(view.status, 200);
    assert.equal(sha(Buffer.from(await view.arrayBuffer())), sha(other));

    let detail = await api(support.session, s.server.url, `/api/delivery/documents/${conn}/kept-1`);
    for (
      let i = 0;
      i < 40 && !detail.body.events.some((e: { detail: { otherBytes?: boolean } }) => e.detail.otherBytes);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
      detail = await api(support.session, s.server.url, `/api/delivery/documents/${conn}/kept-1`);
    }
    assert.equal(detail.status, 200, detail.text);
    assert.equal(detail.body.state, "confirmed");
    assert.equal(detail.body.sha256, sha(first), "the record keeps the confirmed hash");
    assert.equal(detail.body.bytes, first.length);
    const later = detail.body.events.find(
      (e: { kind: string; detail: { otherBytes?: boolean } }) => e.kind === "fetch" && e.detail.otherBytes,
    );
    assert.ok(later, JSON.stringify(detail.body.events));
    assert.equal(later.detail.sha256, sha(other));
    assert.equal(later.detail.kept, sha(first));

    const file = await fetch(`${s.server.url}/api/delivery/documents/${conn}/kept-1/file`, {
      headers: { Cookie: support.session.cookie },
    });
    assert.equal(file.status, 200);
    assert.equal(sha(Buffer.from(await file.arrayBuffer())), sha(first), "support's file is the confirmed one");
  });
});

describe("the token before the claim", () => {
  let a: Person;
  let conn = "";

  before(async () => {
    await putState(s.server, [uvi("tok-1", "730001")]);
    a = await makeUser(s.server, "manager");
    conn = (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        authUrl: s.server.url,
        auth: {
          type: "client_credentials",
          clientId: SANDBOX_CLIENT.oauth.clientId,
          clientSecret: SANDBOX_CLIENT.oauth.clientSecret,
        },
      })
    ).id;
    await mustSync(a.session, s.server.url, conn);
  });

  test("a token that cannot be had in time leaves the document failed, unclaimed and unsent, not unknown", async () => {
    // The file is archived first; then the token (lapsed on the app's clock) is asked for and does not come.
    const view = await fetch(`${s.server.url}/api/connections/${conn}/documents/tok-1/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(view.status, 200);
    await view.arrayBuffer();
    // The token the app holds (the sandbox's 300 s) lapses: its clock moves past the lifetime. The next token request
    // is held past PROVIDER_TIMEOUT_MS; removing the rules lets it go.
    await s.server.moveClock(600_000);
    await control(s.server, "PUT", "/faults", [
      { path: "/auth/realms/arge-api/protocol/openid-connect/token", hold: "token" },
    ]);
    const res = await api(a.session, s.server.url, `/api/connections/${conn}/documents/tok-1/status`, {
      method: "PUT",
    });
    await control(s.server, "DELETE", "/faults");
    assert.equal(res.body.state, "failed", res.text);
    const log = await requestsLog(s.server);
    assert.equal(
      log.filter((r) => r.method === "PUT" && r.path.endsWith("/tok-1/status")).length,
      0,
      "nothing was sent",
    );
    // Nothing is left pending or unknown: it can be confirmed at once when the token comes again.
    const again = await api(a.session, s.server.url, `/api/connections/${conn}/documents/tok-1/status`, {
      method: "PUT",
    });
    assert.equal(again.status, 200, again.text);
  });
});

describe(
  "two runs at once on two instances tell the truth",
  { skip: testDatabaseUrl() ? false : "no PostgreSQL: TEST_DATABASE_URL is not set" },
  () => {
    let a: Person;
    let conn = "";
    const ids = Array.from({ length: 200 }, (_, i) => `two-${i}`);
    const dta = (id: string, i: number) => ({
      ...uvi(id, `5550${String(i).padStart(4, "0")}`),
      service: "dta",
      customer: "4712",
      filename: `${id}.zip`,
      mimetype: "ZIP",
      doctype: "A",
      content: { generate: "dta-zip" },
    });

    const pair = instancesSuite({ sandbox: true });
    before(async () => {
      const { one } = pair;
      await putState(one, ids.map(dta));
      a = await makeUser(one, "manager");
      conn = (
        await addConnection(one, a.session, {
          service: "dta",
          baseUrl: `${one.url}/dta`,
          customerNumber: "4712",
          auth: SANDBOX_BASIC,
        })
      ).id;
      await mustSync(a.session, one.url, conn);
    });

    test("the same 200 documents from two instances: one PUT each, and no run reports a document the other confirmed as failed", async () => {
      const { one, two } = pair;
      // A slow file answer widens the window in which the other run confirms what this one is fetching
      // (the DTA provider answers 410 for a confirmed document's file).
      await control(one, "PUT", "/faults", [{ method: "GET", path: "/dta/v1/documents/out/*/data", delayMs: 40 }]);
      const runs = await Promise.all(
        [one, two].map((s) => ndjson(a.session, s.url, `/api/connections/${conn}/confirmations`, { documentids: ids })),
      );
      await control(one, "DELETE", "/faults");
      const log = await requestsLog(one);
      for (const id of ids)
        assert.equal(
          log.filter((r) => r.method === "PUT" && r.path.endsWith(`/${id}/status`)).length,
          1,
          `${id}: one PUT`,
        );
      for (const run of runs) {
        assert.equal(run.status, 200, run.text);
        const lines = run.lines.filter((l) => l.documentid);
        assert.equal(lines.length, ids.length);
        const failed = lines.filter((l) => l.state === "failed");
        assert.deepEqual(failed, [], "a document the other run confirmed or is confirming is never reported failed");
        for (const l of lines.filter((l) => l.confirmedBy !== undefined))
          assert.match(String(l.confirmedAt), /^\d{4}-\d\d-\d\dT/);
      }
      for (const id of ids)
        assert.ok(
          runs.some((r) => r.lines.some((l) => l.documentid === id && l.state === "confirmed")),
          `${id} confirmed by one of the runs`,
        );
    });
  },
);
