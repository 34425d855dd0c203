import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection } from "../../support/connections";
import { parseCsv, STATE } from "../../support/delivery-record";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * DISPLAY_TIME_ZONE reaches the delivery record's server side (docs/api.md, README.md): the CSV's
 * times and file name, and the days of its filters, are those of the configured zone; the JSON
 * API keeps speaking UTC. (The pages: tests/e2e/time-words.spec.ts.)
 */

const ZONE = "America/New_York";
const local = (iso: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: ZONE, dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));
const dayIn = (at: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: ZONE, dateStyle: "short" }).format(at);

describe(`a server with DISPLAY_TIME_ZONE=${ZONE}`, () => {
  const s = suiteServer({ sandbox: true, env: { DISPLAY_TIME_ZONE: ZONE } });

  before(async () => {
    const { server, admin } = s;
    const put = await api(null, server.url, "/sandbox/api/state", {
      method: "PUT",
      json: { clients: STATE.clients, documents: STATE.documents.filter((d) => d.documentid === "gap-jan") },
      headers: { Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}` },
    });
    assert.equal(put.status, 204, put.text);
    const conn = await addConnection(server, admin, {
      service: "uvi",
      baseUrl: `${server.url}/arge`,
      auth: { type: "basic", ...STATE.clients[0]!.basic },
    });
    const sync = await api(admin, server.url, `/api/connections/${conn.id}/sync`, { method: "POST" });
    assert.match(sync.text, /"done":true/);
    assert.equal(
      (await api(admin, server.url, `/api/connections/${conn.id}/documents/gap-jan/status`, { method: "PUT" })).status,
      200,
    );
  });

  test("the CSV writes times in that zone and names the file by its day; the JSON stays UTC", async () => {
    const record = (await api(s.admin, s.server.url, "/api/delivery/documents")).body.records[0];
    assert.match(record.firstSeenAt, /Z$/, "the API speaks UTC");
    const res = await fetch(`${s.server.url}/api/delivery/export.csv`, { headers: { Cookie: s.admin.cookie } });
    assert.equal(res.status, 200);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
    const col = (name: string) => rows[0]!.indexOf(name);
    assert.equal(rows[1]![col("Erstmals gesehen")], local(record.firstSeenAt));
    assert.equal(rows[1]![col("Bestätigt am")], local(record.confirmedAt));
    assert.match(
      res.headers.get("content-disposition") ?? "",
      new RegExp(`zustellung-(${dayIn(new Date())}|${dayIn(new Date(Date.now() + 60_000))})\\.csv`),
    );
  });

  test("a day of the filters is a day of that zone", async () => {
    const record = (await api(s.admin, s.server.url, "/api/delivery/documents")).body.records[0];
    const day = dayIn(new Date(record.firstSeenAt));
    const count = async (q: string) => (await api(s.admin, s.server.url, `/api/delivery/documents?${q}`)).body.count;
    assert.equal(await count(`from=${day}&to=${day}`), 1);
    const before = dayIn(new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000));
    assert.equal(await count(`to=${before}`), 0);
  });
});
