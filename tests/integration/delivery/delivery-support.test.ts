import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { before, describe, test } from "node:test";
import { addConnection, type Person } from "../../support/connections";
import {
  archivedFile,
  RECORD_SERVER,
  seedDeliveryRecords,
  STATE,
  today,
  UMLAUT_NAME,
  yesterday,
  type RecordSeed,
} from "../../support/delivery-record";
import type { TestServer } from "../../support/server";
import { api, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * Support's side of the delivery record (docs/api.md, /api/delivery/...) over real HTTP, seeded
 * through the sandbox provider, a sync and confirmations: who reads it, search, file and detail
 * (delivery-support-reports.test.ts: the grid, the CSV and the audit trail).
 */

describe("delivery record for support", () => {
  const s = suiteServer(RECORD_SERVER);
  let seed: RecordSeed;
  let server: TestServer;
  let a: Person;
  let b: Person;
  let support: Person;
  let admin: Session;
  let connA: string;
  let connB: string;

  const as = (who: Session, p: string, init: RequestInit & { json?: unknown } = {}) => api(who, server.url, p, init);
  const records = async (query: string, who: Session = support.session) => {
    const res = await as(who, `/api/delivery/documents${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { count: number; records: { documentid: string; [k: string]: unknown }[] };
  };
  const ids = (list: { records: { documentid: string }[] }) => list.records.map((r) => r.documentid).sort();

  before(async () => {
    seed = await seedDeliveryRecords(s);
    ({ server, a, b, support, admin, connA, connB } = seed);
  });

  test("support and admin read every manager's records; a manager gets 403, nobody 401", async () => {
    for (const who of [support.session, admin]) {
      const all = await records("?limit=500", who);
      assert.equal(all.count, STATE.documents.length);
      const other = all.records.find((r) => r.documentid === "other-1")!;
      assert.deepEqual(
        [other.connectionId, other.connectionName, other.owner, other.service, other.state],
        [connB, "Süd", b.email, "uvi", "open"],
      );
      const multi = all.records.find((r) => r.documentid === "multi-feb")!;
      assert.deepEqual(multi.units, ["55501", "55501003"]);
      assert.equal(multi.confirmedBy, null);
      assert.equal(multi.sha256, null);
      assert.ok(!("replacedBy" in multi));
    }
    const routes = [
      "/api/delivery/documents",
      `/api/delivery/documents/${connA}/gap-jan`,
      `/api/delivery/documents/${connA}/gap-jan/file`,
      "/api/delivery/export.csv",
      `/api/delivery/completeness?connection=${connA}&from=2026-01&to=2026-03`,
      "/api/delivery/connections",
    ];
    for (const p of routes) {
      const res = await as(a.session, p);
      assert.equal(res.status, 403, `${p}: ${res.text}`);
      assert.equal(res.body.error, "forbidden");
      assert.equal((await api(null, server.url, p)).status, 401, p);
    }
  });

  test("connections: every user's, deleted ones marked, no credentials", async () => {
    const gone = (
      await addConnection(server, a.session, {
        service: "uvi",
        baseUrl: `${server.url}/arge`,
        name: "Alt",
        // Another account than "Nord" (a user's second connection to one account is refused); UVI sends no kd.
        customerNumber: "alt",
        auth: { type: "basic", username: "hv-a", password: "sandbox-a-secret-1" },
      })
    ).id;
    assert.equal((await as(a.session, `/api/connections/${gone}`, { method: "DELETE" })).status, 204);
    for (const who of [support.session, admin]) {
      const res = await as(who, "/api/delivery/connections");
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, [
        { id: gone, name: "Alt", owner: a.email, service: "uvi", deleted: true },
        { id: connA, name: "Nord", owner: a.email, service: "uvi", deleted: false },
        { id: connB, name: "Süd", owner: b.email, service: "uvi", deleted: false },
      ]);
      assert.doesNotMatch(res.text, /sandbox-[ab]-secret|hv-[ab]"/);
    }
  });

  test("filters: q by id, file name and unit number; state; connection; from/to; paging", async () => {
    assert.deepEqual(ids(await records("?q=gap-jan")), ["gap-jan"]);
    assert.deepEqual(ids(await records("?q=gap")), [], "a document id matches exactly only");
    assert.deepEqual(ids(await records(`?q=${encodeURIComponent("heizkosten_2026-0")}`)), [
      "full-01",
      "full-02",
      "full-03",
    ]);
    assert.deepEqual(ids(await records(`?q=${encodeURIComponent("Größe_Müller")}`)), ["gap-jan"]);
    assert.deepEqual(ids(await records("?q=000777")), ["gap-jan", "gap-mar"]);
    assert.deepEqual(ids(await records("?q=55501003")), ["multi-feb"], "any mscnumber of the metadata");
    assert.deepEqual(ids(await records("?q=PM-000888")), ["full-01", "full-02", "full-03"], "the unit's pmnumber");
    assert.deepEqual(ids(await records("?q=100%25")), [], "LIKE wildcards are literal");
    assert.deepEqual(ids(await records(`?connection=${connB}`)), ["other-1"]);
    assert.equal((await records(`?connection=${connA}&q=other-1`)).count, 0);
    assert.equal((await records("?state=open")).count, STATE.documents.length);
    assert.equal((await records("?state=confirmed")).count, 0);
    assert.equal((await records(`?from=${today}&to=${today}`)).count, STATE.documents.length);
    assert.equal((await records(`?to=${yesterday}`)).count, 0);
    assert.equal(
      (await records(`?from=${today}&state=&q=`)).count,
      STATE.documents.length,
      "blank filters are no filters",
    );

    const page1 = await records("?limit=4&offset=0");
    const page2 = await records("?limit=4&offset=4");
    assert.equal(page1.count, STATE.documents.length);
    assert.equal(page2.count, STATE.documents.length);
    assert.equal(new Set([...ids(page1), ...ids(page2)]).size, 8);
    const past = await records("?offset=1000");
    assert.deepEqual([past.count, past.records.length], [STATE.documents.length, 0]);
    const all = (await records("?limit=500")).records;
    const order = all.map((r) => `${r.firstSeenAt}`);
    assert.deepEqual(order, [...order].sort().reverse(), "newest first");

    for (const bad of [
      "?limit=501",
      "?state=lost",
      "?connection=nope",
      "?from=2026-02-30",
      `?from=${today}&to=${yesterday}`,
    ]) {
      const res = await as(support.session, `/api/delivery/documents${bad}`);
      assert.equal(res.status, 400, `${bad}: ${res.text}`);
      assert.ok(Array.isArray(res.body.fields) && res.body.fields.length > 0, res.text);
    }
  });

  test("file: 404 before the document was viewed, the archived bytes shortly after", async () => {
    const before = await as(support.session, `/api/delivery/documents/${connA}/full-02/file`);
    assert.equal(before.status, 404);
    assert.equal(before.body.error, "not_found");
    assert.ok(before.body.message);

    const viewed = await fetch(`${server.url}/api/connections/${connA}/documents/full-02/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(viewed.status, 200);
    const bytes = Buffer.from(await viewed.arrayBuffer());
    const sha = createHash("sha256").update(bytes).digest("hex");

    const file = await archivedFile(seed, connA, "full-02");
    assert.equal(file.status, 200);
    assert.equal(file.headers.get("content-type"), "application/pdf");
    assert.equal(file.headers.get("cache-control"), "private, no-store, no-transform");
    assert.match(file.headers.get("content-disposition") ?? "", /filename="Heizkosten_2026-02_000888\.pdf"/);
    const archived = Buffer.from(await file.arrayBuffer());
    assert.ok(archived.equals(bytes), "the archive holds what the manager saw");

    const record = (await as(support.session, `/api/delivery/documents/${connA}/full-02`)).body;
    assert.equal(record.sha256, sha);
    assert.equal(record.bytes, bytes.length);
    assert.ok(record.fetchedAt);
    assert.equal((await as(support.session, `/api/delivery/documents/${connA}/nope/file`)).status, 404);
  });

  test("detail: the record with its events oldest first; unknown ids answer 404", async () => {
    const put = await as(a.session, `/api/connections/${connA}/documents/gap-jan/status`, { method: "PUT" });
    assert.equal(put.status, 200, put.text);
    const res = await as(support.session, `/api/delivery/documents/${connA}/gap-jan`);
    assert.equal(res.status, 200, res.text);
    const r = res.body;
    assert.deepEqual(
      [r.documentid, r.filename, r.state, r.confirmedBy, r.owner],
      ["gap-jan", UMLAUT_NAME, "confirmed", a.email, a.email],
    );
    assert.deepEqual(r.units, ["000777"]);
    assert.ok(r.confirmedAt && r.sha256 && r.bytes > 0);
    const kinds = r.events.map((e: { kind: string }) => e.kind);
    assert.ok(kinds.includes("confirm.attempt") && kinds.includes("confirm.outcome"), kinds.join(", "));
    assert.ok(kinds.indexOf("confirm.attempt") < kinds.lastIndexOf("confirm.outcome"), kinds.join(", "));
    const times = r.events.map((e: { at: string }) => e.at);
    assert.deepEqual(times, [...times].sort(), "oldest first");
    assert.ok(
      r.events.every(
        (e: { actor: string; detail: unknown }) => typeof e.actor === "string" && typeof e.detail === "object",
      ),
    );
    assert.ok(r.events.some((e: { actor: string }) => e.actor === a.email));

    assert.deepEqual(ids(await records("?state=confirmed")), ["gap-jan"]);
    for (const p of [
      `/api/delivery/documents/${connA}/nope`,
      `/api/delivery/documents/${connB}/gap-jan`,
      "/api/delivery/documents/not-a-uuid/gap-jan",
    ]) {
      const miss = await as(support.session, p);
      assert.equal(miss.status, 404, p);
      assert.equal(miss.body.error, "not_found");
    }
  });
});
