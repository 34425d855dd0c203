import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Person } from "../../support/connections";
import { sql } from "../../support/database";
import {
  archivedFile,
  FORMULAS,
  lastMonth,
  parseCsv,
  RECORD_SERVER,
  seedDeliveryRecords,
  STATE,
  thisMonth,
  today,
  UMLAUT_NAME,
  yesterday,
} from "../../support/delivery-record";
import { ADMIN, type TestServer } from "../../support/server";
import { api, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * Support's reports over the delivery record (docs/api.md, /api/delivery/...): the completeness
 * grid, the CSV export, unknown /api paths and the audit trail of user changes and exports.
 */

describe("delivery reports for support", () => {
  const s = suiteServer(RECORD_SERVER);
  let server: TestServer;
  let a: Person;
  let support: Person;
  let admin: Session;
  let connA: string;

  const as = (who: Session, p: string, init: RequestInit & { json?: unknown } = {}) => api(who, server.url, p, init);

  before(async () => {
    const seed = await seedDeliveryRecords(s);
    ({ server, a, support, admin, connA } = seed);
    // What the record's own tests leave behind: one document viewed (and so archived), one confirmed.
    const viewed = await fetch(`${server.url}/api/connections/${connA}/documents/full-02/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(viewed.status, 200);
    await viewed.arrayBuffer();
    assert.equal((await archivedFile(seed, connA, "full-02")).status, 200);
    assert.equal(
      (await as(a.session, `/api/connections/${connA}/documents/gap-jan/status`, { method: "PUT" })).status,
      200,
    );
  });

  test("completeness: months, a missing month between two documents, by connection or property management", async () => {
    const res = await as(support.session, `/api/delivery/completeness?connection=${connA}&from=2026-01&to=2026-03`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.months, ["2026-01", "2026-02", "2026-03"]);
    const cells = Object.fromEntries(res.body.units.map((u: { unit: string; cells: unknown[] }) => [u.unit, u.cells]));
    assert.deepEqual(cells["000777"], ["confirmed", "missing", "arrived"]);
    assert.deepEqual(cells["000888"], ["arrived", "fetched", "arrived"]);
    assert.deepEqual(cells["55501"], [null, "arrived", null]);
    assert.equal(cells["000123"], undefined, "another connection's unit");
    assert.equal(cells["000990"], undefined, "no document in the range");
    const unit = res.body.units.find((u: { unit: string }) => u.unit === "000777");
    assert.equal(unit.pmnumber, "PM-000777");

    const byProperty = await as(
      support.session,
      "/api/delivery/completeness?propertymanagement=HV-9&from=2026-01&to=2026-03",
    );
    assert.equal(byProperty.status, 200, byProperty.text);
    const units = byProperty.body.units.map((u: { unit: string }) => u.unit);
    assert.ok(units.includes("000777") && units.includes("000123"), units.join(", "));

    // Every document here was first seen today, so the provider's usual day is today: not yet past.
    const current = await as(
      support.session,
      `/api/delivery/completeness?connection=${connA}&from=${lastMonth}&to=${thisMonth}`,
    );
    const u555 = current.body.units.find((u: { unit: string }) => u.unit === "000555");
    assert.deepEqual(u555.cells, ["arrived", null]);

    for (const bad of [
      `?from=2026-01&to=2026-03`,
      `?connection=${connA}&from=2026-03&to=2026-01`,
      `?connection=${connA}&from=2023-01&to=2026-01`,
      `?connection=${connA}&from=2026-13&to=2026-14`,
    ]) {
      const r = await as(support.session, `/api/delivery/completeness${bad}`);
      assert.equal(r.status, 400, `${bad}: ${r.text}`);
      assert.ok(r.body.fields?.length, r.text);
    }
  });

  test("CSV: BOM, header, CRLF, umlauts intact, formula cells neutralised, filters apply", async () => {
    const res = await fetch(`${server.url}/api/delivery/export.csv`, { headers: { Cookie: support.session.cookie } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(res.headers.get("content-disposition"), `attachment; filename="zustellung-${today}.csv"`);
    const raw = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString("utf8");
    assert.ok(text.endsWith("\r\n") && !/[^\r]\n/.test(text), "CRLF line ends only");
    const rows = parseCsv(text);
    const header = rows[0]!;
    assert.equal(header[0], "Dokument-ID");
    assert.equal(rows.length, 1 + STATE.documents.length);
    const col = (name: string) => header.indexOf(name);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    assert.equal(byId.get("gap-jan")![col("Dateiname")], UMLAUT_NAME);
    assert.equal(byId.get("gap-jan")![col("Status")], "bestätigt");
    assert.equal(byId.get("gap-jan")![col("Bestätigt von")], a.email);
    assert.equal(byId.get("multi-feb")![col("Nutzeinheiten")], "55501, 55501003");
    FORMULAS.forEach((f, i) => assert.equal(byId.get(`formula-${i}`)![col("Dateiname")], `'${f}`));
    assert.ok(text.includes(`"'=HYPERLINK(""x"")"`), "quotes doubled inside a quoted cell");
    for (const line of text.split("\r\n"))
      for (const cell of parseCsv(`${line}\r\n`)[0] ?? []) assert.doesNotMatch(cell, /^\s*[=+\-@]|^[\t\r]/);

    const filtered = await fetch(`${server.url}/api/delivery/export.csv?q=000777`, {
      headers: { Cookie: support.session.cookie, "Accept-Language": "en" },
    });
    const lines = parseCsv((await filtered.text()).replace(/^\uFEFF/, ""));
    assert.equal(lines[0]![0], "Document ID");
    assert.deepEqual(
      lines
        .slice(1)
        .map((l) => l[0])
        .sort(),
      ["gap-jan", "gap-mar"],
    );
    assert.equal((await as(support.session, `/api/delivery/export.csv?from=${today}&to=${yesterday}`)).status, 400);
  });

  test("unknown /api paths answer 404 JSON for every method; real routes are not shadowed", async () => {
    for (const [method, p, who] of [
      ["GET", "/api/nope", null],
      ["GET", "/api/connections/x/nope", a.session],
      ["POST", "/api/connections/x/nope", a.session],
      ["DELETE", "/api/delivery/nope", support.session],
      ["PUT", "/api/delivery/documents/x/y/z/w", support.session],
    ] as const) {
      const res = await api(who, server.url, p, { method });
      assert.equal(res.status, 404, `${method} ${p}: ${res.text}`);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      assert.equal(res.body.error, "not_found");
      assert.equal(typeof res.body.message, "string");
    }
    const csrf = await api(null, server.url, "/api/auth/csrf");
    assert.equal(csrf.status, 200);
    assert.equal(typeof csrf.body.csrfToken, "string");
    assert.equal((await as(admin, "/api/users")).status, 200);
    assert.equal(
      (await as(a.session, `/api/connections/${connA}`, { method: "PATCH", json: { name: "Nord" } })).status,
      200,
    );
  });

  test("user changes and exports are in the audit trail, without passwords", async () => {
    const created = await as(admin, "/api/users", {
      method: "POST",
      json: { email: "audited@example.com", name: "Audited", role: "manager", password: "audited-secret-pw" },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    assert.equal(
      (
        await as(admin, `/api/users/${id}`, {
          method: "PATCH",
          json: { role: "support", password: "audited-secret-pw2" },
        })
      ).status,
      200,
    );
    assert.equal(
      (await as(admin, `/api/users/${id}`, { method: "PATCH", json: { name: "Audited" } })).status,
      200,
      "no change",
    );

    const query =
      "SELECT kind, actor, detail FROM audit_events WHERE kind IN ('user.create', 'user.update', 'export') ORDER BY id";
    const events = await sql<{ kind: string; actor: string; detail: Record<string, unknown> }>(server, query);
    const mine = events.filter((e) => e.detail.userId === id);
    assert.deepEqual(
      mine.map((e) => [e.kind, e.actor, e.detail.role, e.detail.fields]),
      [
        ["user.create", ADMIN.email, "manager", ["email", "name", "role", "password", "team"]],
        ["user.update", ADMIN.email, "support", ["role", "password"]],
      ],
    );
    assert.ok(!JSON.stringify(events).includes("audited-secret-pw"));
    assert.ok(
      events.some((e) => e.kind === "user.create" && e.detail.email === support.email),
      "users made by the test setup too",
    );
    const exports = events.filter((e) => e.kind === "export");
    assert.equal(exports.length, 2);
    assert.deepEqual([exports[0]!.actor, exports[0]!.detail.rows], [support.email, STATE.documents.length]);
    assert.deepEqual([exports[1]!.detail.rows, (exports[1]!.detail.filters as { q?: string }).q], [2, "000777"]);
  });
});
