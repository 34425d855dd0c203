import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import {
  control,
  liftHold,
  mustSync,
  ndjson,
  putState,
  SANDBOX_BASIC,
  syncConnection,
  uvi,
} from "../../support/delivery";
import { sql } from "../../support/database";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { until } from "../../support/until";

/** Sync and the inbox over HTTP against the sandbox provider (docs/api.md). */

type Group = {
  unit: string | null;
  pmnumber: string | null;
  documents: { documentid: string; connectionId: string; state: string; replacedBy: string | null }[];
};

const UNITS = 40;
const MONTHS = ["2026-07", "2026-08", "2026-09"];

/** 40 units x 3 months, plus documents without a unit, plus 1,100 filler documents of other units (paging). */
function documents() {
  const docs = [];
  for (let u = 0; u < UNITS; u++)
    for (const ym of MONTHS) docs.push(uvi(`d-${u}-${ym}`, `7000${String(u).padStart(3, "0")}`, ym));
  docs.push(uvi("nounit-1", null), uvi("nounit-2", null));
  for (let i = 0; i < 1100; i++) docs.push(uvi(`fill-${i}`, `8${String(i).padStart(6, "0")}`, "2026-06"));
  return docs;
}

describe("sync and inbox", () => {
  const s = suiteServer({ sandbox: true, env: { SYNC_INTERVAL_MINUTES: "0" } });
  let a: Person;
  let uviId = "";
  const total = UNITS * MONTHS.length + 2 + 1100;

  before(async () => {
    await putState(s.server, documents());
    a = await makeUser(s.server, "manager");
    uviId = (
      await addConnection(s.server, a.session, { service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })
    ).id;
  });

  const inbox = (query: string) => api(a.session, s.server.url, `/api/inbox?${query}`);

  test("sync streams progress and ends with open, gone and added", async () => {
    const res = await syncConnection(a.session, s.server.url, uviId);
    assert.equal(res.status, 200, res.text);
    const progress = res.lines.filter((l) => l.done === undefined);
    assert.ok(progress.length >= 2, res.text);
    assert.ok(
      progress.every((l) => typeof l.seen === "number" && l.count === total),
      res.text,
    );
    assert.deepEqual(res.lines.at(-1), { done: true, open: total, gone: 0, added: total });
    const again = await mustSync(a.session, s.server.url, uviId);
    assert.deepEqual(again, { done: true, open: total, gone: 0, added: 0 });
    const [conn] = (await api(a.session, s.server.url, "/api/connections")).body;
    assert.equal(conn.lastSync.ok, true);
    assert.equal(conn.lastSync.open, total);
    assert.equal(conn.stale, false);
  });

  test("the inbox pages by documents: every document exactly once, a unit cut only between consecutive pages", async () => {
    const seenUnits = new Set<string | null>();
    const seenDocs = new Set<string>();
    let units = 0;
    let last: Group | undefined;
    for (let offset = 0; ; offset += 97) {
      const page = await inbox(`limit=97&offset=${offset}`);
      assert.equal(page.status, 200, page.text);
      units = page.body.units;
      assert.equal(page.body.documents, total);
      assert.deepEqual(page.body.connections, [{ id: uviId, open: total }]);
      const groups = page.body.groups as Group[];
      for (const [i, g] of groups.entries()) {
        // Only the page's first unit may have begun on the page before: it continues the last one there.
        const continued = i === 0 && last !== undefined && last.unit === g.unit;
        assert.ok(!seenUnits.has(g.unit) || continued, `unit ${g.unit} twice`);
        seenUnits.add(g.unit);
        for (const d of g.documents) {
          assert.ok(!seenDocs.has(d.documentid), `document ${d.documentid} twice`);
          seenDocs.add(d.documentid);
          assert.equal(d.connectionId, uviId);
        }
      }
      const listed = groups.reduce((n, g) => n + g.documents.length, 0);
      assert.ok(listed <= 97);
      last = groups.at(-1);
      if (listed < 97) break;
    }
    assert.equal(units, UNITS + 1100 + 1);
    assert.equal(seenUnits.size, units);
    assert.equal(seenDocs.size, total);
    assert.ok(seenUnits.has(null), "documents without a unit are one group");
  });

  test("filters: month, q (unit, pm number, file name, document id), state, connection", async () => {
    const month = await inbox("month=2026-08&limit=200");
    assert.equal(month.body.documents, UNITS);
    assert.ok((month.body.groups as Group[]).every((g) => g.documents.every((d) => d.documentid.endsWith("2026-08"))));
    const unit = await inbox("q=7000012");
    assert.deepEqual(
      (unit.body.groups as Group[]).map((g) => g.unit),
      ["7000012"],
    );
    assert.equal(unit.body.documents, 3);
    assert.equal((await inbox("q=PM-7000012")).body.documents, 3);
    assert.equal((await inbox("q=UVI_d-3-2026-07")).body.documents, 1);
    assert.equal((await inbox("q=fill-17")).body.documents, 11, "substring of file names");
    assert.equal((await inbox("q=UVI_fill-17.pdf")).body.documents, 1);
    assert.equal((await inbox("state=confirmed")).body.documents, 0);
    assert.equal((await inbox(`connection=${uviId}&month=2026-06`)).body.documents, 1100);
    const foreign = await inbox("connection=00000000-0000-4000-8000-000000000000");
    assert.equal(foreign.body.documents, 0);
    assert.equal((await inbox("month=2026-13")).status, 400);
  });

  test("a document the provider no longer lists is gone; a correction replaces the older one", async () => {
    const docs = documents();
    docs.find((d) => d.documentid === "d-0-2026-07")!.confirmed = true;
    docs.push(uvi("d-1-2026-07-correction", "7000001", "2026-07"));
    await putState(s.server, docs);
    const done = await mustSync(a.session, s.server.url, uviId);
    assert.deepEqual(done, { done: true, open: total, gone: 1, added: 1 });
    const g0 = ((await inbox("q=7000000")).body.groups as Group[])[0]!;
    assert.equal(g0.documents.find((d) => d.documentid === "d-0-2026-07")!.state, "gone");
    const g1 = ((await inbox("q=7000001")).body.groups as Group[])[0]!;
    const older = g1.documents.find((d) => d.documentid === "d-1-2026-07")!;
    const newer = g1.documents.find((d) => d.documentid === "d-1-2026-07-correction")!;
    assert.equal(older.replacedBy, "d-1-2026-07-correction");
    assert.equal(newer.replacedBy, null);
    assert.equal(older.state, "open", "both stay visible until confirmed");
  });

  test("one sync per connection at a time: a second one gets 409 with a message", async () => {
    await control(s.server, "PUT", "/faults", [
      { method: "GET", path: "/arge/documents/v1/documents/out", hold: "list", times: 2 },
    ]);
    const first = syncConnection(a.session, s.server.url, uviId);
    // The second comes while the first holds the connection's lease.
    await until(
      () =>
        sql<{ lease_owner: string | null }>(
          s.server,
          "SELECT lease_owner FROM delivery_sync WHERE connection_id = $1",
          [uviId],
        ),
      (rows) => rows[0]?.lease_owner != null,
    );
    const second = await ndjson(a.session, s.server.url, `/api/connections/${uviId}/sync`);
    assert.equal(second.status, 409, second.text);
    assert.equal(JSON.parse(second.text).error, "sync_running");
    await liftHold(s.server, "list");
    assert.equal((await first).status, 200);
    await control(s.server, "DELETE", "/faults");
  });

  test("a failing provider ends the sync with the error as its last line and in lastSync", async () => {
    await control(s.server, "PUT", "/faults", [
      { method: "GET", path: "/arge/documents/v1/documents/out/count", status: 401 },
    ]);
    const res = await syncConnection(a.session, s.server.url, uviId);
    await control(s.server, "DELETE", "/faults");
    assert.equal(res.lines.at(-1)!.error, "provider_auth", res.text);
    const [conn] = (await api(a.session, s.server.url, "/api/connections")).body;
    assert.equal(conn.lastSync.ok, false);
    assert.match(conn.lastSync.message, /Zugangsdaten/);
  });

  test("support may not sync or read an inbox; another manager sees nothing of it", async () => {
    const support = await makeUser(s.server, "support");
    assert.equal((await ndjson(support.session, s.server.url, `/api/connections/${uviId}/sync`)).status, 403);
    assert.equal((await api(support.session, s.server.url, "/api/inbox")).status, 403);
    const b = await makeUser(s.server, "manager");
    assert.equal((await ndjson(b.session, s.server.url, `/api/connections/${uviId}/sync`)).status, 404);
    const other = await api(b.session, s.server.url, "/api/inbox");
    assert.deepEqual([other.body.units, other.body.documents, other.body.groups], [0, 0, []]);
  });

  test("the list proxy indexes what it passes; a deleted connection leaves the inbox, its record stays for support", async () => {
    // Another account than the first connection's (a user's second connection to one account is refused); UVI sends no
    // kd.
    const extra = (
      await addConnection(s.server, a.session, {
        name: "Listed only",
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        customerNumber: "listed",
        auth: SANDBOX_BASIC,
      })
    ).id;
    assert.equal((await api(a.session, s.server.url, `/api/connections/${extra}/documents?limit=5`)).status, 200);
    let indexed = 0;
    for (let i = 0; i < 40 && indexed < 5; i++) {
      indexed = (await inbox(`connection=${extra}`)).body.documents;
      if (indexed < 5) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(indexed, 5, "the page's documents are in the index without a sync");
    assert.equal((await api(a.session, s.server.url, `/api/connections/${extra}`, { method: "DELETE" })).status, 204);
    const after = await inbox("limit=1");
    assert.ok(!(after.body.connections as { id: string }[]).some((c) => c.id === extra));
    assert.equal((await inbox(`connection=${extra}`)).body.documents, 0);
    const support = await makeUser(s.server, "support");
    const records = await api(support.session, s.server.url, `/api/delivery/documents?connection=${extra}`);
    assert.equal(records.body.count, 5, records.text);
    assert.equal(records.body.records[0].connectionName, "Listed only");
  });
});

describe("background sync", () => {
  // 0.05 minutes: every connection about every 3 s (first run within its first interval); shorter, a
  // loaded machine lets a connection pass twice the interval unsynced, and it is shown stale.
  const s = suiteServer({ sandbox: true, env: { SYNC_INTERVAL_MINUTES: "0.05", SYNC_CONCURRENCY: "1" } });
  let a: Person;

  before(async () => {
    await putState(s.server, [uvi("bg-1", "9001"), uvi("bg-2", "9002")]);
    a = await makeUser(s.server, "manager");
  });

  test("connections are synced on their own, and what the provider dropped becomes gone", async () => {
    const ids = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (
          await addConnection(s.server, a.session, {
            name: `bg ${i}`,
            service: "uvi",
            baseUrl: `${s.server.url}/arge`,
            customerNumber: `bg${i}`,
            auth: SANDBOX_BASIC,
          })
        ).id,
      );
    const list = () =>
      api(a.session, s.server.url, "/api/connections").then(
        (r) => r.body as { id: string; lastSync: { ok: boolean; open: number } | null; stale: boolean }[],
      );
    const synced = await until(list, (cs) => cs.every((c) => c.lastSync?.ok), { tries: 150, everyMs: 100 });
    assert.ok(
      synced.every((c) => c.lastSync?.ok && c.lastSync.open === 2 && !c.stale),
      JSON.stringify(synced),
    );
    const docs = [uvi("bg-1", "9001"), uvi("bg-2", "9002", "2026-10", { confirmed: true })];
    await putState(s.server, docs);
    const after = await until(
      () => api(a.session, s.server.url, "/api/inbox?state=gone").then((r) => r.body.documents as number),
      (n) => n === 2,
      { tries: 150, everyMs: 100 },
    );
    assert.equal(after, 2, "bg-2 gone on both connections");
  });
});
