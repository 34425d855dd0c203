import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { addConnection, makeUser, type Person } from "../support/connections";
import { ADMIN, startServer, type TestServer } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";

/**
 * Support's side of the delivery record (docs/api.md, /api/delivery/...) over real
 * HTTP, seeded through the sandbox provider, a sync and confirmations.
 */

const berlinDay = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", dateStyle: "short" }).format(d);
const today = berlinDay(new Date());
const yesterday = berlinDay(new Date(Date.now() - 86_400_000));
const shiftMonth = (month: string, by: number) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
};
const thisMonth = today.slice(0, 7);
const lastMonth = shiftMonth(thisMonth, -1);

// The last two start a formula behind leading spaces, which a spreadsheet skips.
const FORMULAS = ['=HYPERLINK("x")', "+cmd", "-1", "@x", " =2+3", "  @SUM(A1)"];
const UMLAUT_NAME = "Verbrauch_Größe_Müller_2026-01.pdf";

function uvi(documentid: string, filename: string, units: [string, string][], customer = "4711") {
  return {
    service: "uvi",
    customer,
    documentid,
    filename,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-9",
    metadata: units.map(([mscnumber, month]) => ({ reftype: "resident", mscnumber, pmnumber: `PM-${mscnumber}`, from: `${month}-01`, to: `${month}-28` })),
    content: { generate: "uvi-pdf" },
    confirmed: false,
  };
}

const STATE = {
  clients: [
    { id: "hv-a", services: ["uvi"], basic: { username: "hv-a", password: "sandbox-a-secret-1" }, customers: ["4711"] },
    { id: "hv-b", services: ["uvi"], basic: { username: "hv-b", password: "sandbox-b-secret-1" }, customers: ["4800"] },
  ],
  documents: [
    uvi("gap-jan", UMLAUT_NAME, [["000777", "2026-01"]]),
    uvi("gap-mar", "UVI_2026-03_000777.pdf", [["000777", "2026-03"]]),
    ...["01", "02", "03"].map((m) => uvi(`full-${m}`, `Heizkosten_2026-${m}_000888.pdf`, [["000888", `2026-${m}`]])),
    uvi("multi-feb", "Sammel_2026-02.pdf", [
      ["55501", "2026-02"],
      ["55501003", "2026-02"],
      ["55501", "2026-02"],
    ]),
    uvi("last-month", "UVI_last_000555.pdf", [["000555", lastMonth]]),
    ...FORMULAS.map((f, i) => uvi(`formula-${i}`, f, [[`00099${i}`, "2026-05"]])),
    uvi("other-1", "Fremd_2026-01.pdf", [["000123", "2026-01"]], "4800"),
  ],
};

/** RFC 4180 with `;`: the cells of each line. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"' && (quoted || cell === "")) {
      quoted = !quoted;
    } else if (!quoted && c === ";") {
      endCell();
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe("delivery record for support", () => {
  let server: TestServer;
  let dataDir: string;
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
  const sync = async (who: Session, id: string) => {
    const res = await as(who, `/api/connections/${id}/sync`, { method: "POST" });
    assert.equal(res.status, 200, res.text);
    const last = JSON.parse(res.text.trim().split("\n").at(-1)!);
    assert.equal(last.done, true, res.text);
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "arge-delivery-support-"));
    server = await startServer({ sandbox: true, env: { DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "0", PROVIDER_TIMEOUT_MS: "10000" } });
    const put = await api(null, server.url, "/sandbox/api/state", {
      method: "PUT",
      json: STATE,
      headers: { Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}` },
    });
    assert.equal(put.status, 204, put.text);
    admin = await mustSignIn(server.url, ADMIN.email, ADMIN.password);
    a = await makeUser(server, "manager", admin);
    b = await makeUser(server, "manager", admin);
    support = await makeUser(server, "support", admin);
    const base = { service: "uvi", baseUrl: `${server.url}/arge` };
    connA = (await addConnection(server, a.session, { ...base, name: "Nord", auth: { type: "basic", username: "hv-a", password: "sandbox-a-secret-1" } })).id;
    connB = (await addConnection(server, b.session, { ...base, name: "Süd", auth: { type: "basic", username: "hv-b", password: "sandbox-b-secret-1" } })).id;
    await sync(a.session, connA);
    await sync(b.session, connB);
  });
  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("support and admin read every manager's records; a manager gets 403, nobody 401", async () => {
    for (const who of [support.session, admin]) {
      const all = await records("?limit=500", who);
      assert.equal(all.count, STATE.documents.length);
      const other = all.records.find((r) => r.documentid === "other-1")!;
      assert.deepEqual([other.connectionId, other.connectionName, other.owner, other.service, other.state], [connB, "Süd", b.email, "uvi", "open"]);
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
    assert.deepEqual(ids(await records(`?q=${encodeURIComponent("heizkosten_2026-0")}`)), ["full-01", "full-02", "full-03"]);
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
    assert.equal((await records(`?from=${today}&state=&q=`)).count, STATE.documents.length, "blank filters are no filters");

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

    for (const bad of ["?limit=501", "?state=lost", "?connection=nope", "?from=2026-02-30", `?from=${today}&to=${yesterday}`]) {
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

    const viewed = await fetch(`${server.url}/api/connections/${connA}/documents/full-02/data`, { headers: { Cookie: a.session.cookie } });
    assert.equal(viewed.status, 200);
    const bytes = Buffer.from(await viewed.arrayBuffer());
    const sha = createHash("sha256").update(bytes).digest("hex");

    // The archive commits right after the download has ended (docs/architecture.md, "View"): shortly after, it is there.
    const fileUrl = `${server.url}/api/delivery/documents/${connA}/full-02/file`;
    let file = await fetch(fileUrl, { headers: { Cookie: support.session.cookie } });
    for (let i = 0; file.status === 404 && i < 50; i++) {
      await file.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
      file = await fetch(fileUrl, { headers: { Cookie: support.session.cookie } });
    }
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
    assert.deepEqual([r.documentid, r.filename, r.state, r.confirmedBy, r.owner], ["gap-jan", UMLAUT_NAME, "confirmed", a.email, a.email]);
    assert.deepEqual(r.units, ["000777"]);
    assert.ok(r.confirmedAt && r.sha256 && r.bytes > 0);
    const kinds = r.events.map((e: { kind: string }) => e.kind);
    assert.ok(kinds.includes("confirm.attempt") && kinds.includes("confirm.outcome"), kinds.join(", "));
    assert.ok(kinds.indexOf("confirm.attempt") < kinds.lastIndexOf("confirm.outcome"), kinds.join(", "));
    const times = r.events.map((e: { at: string }) => e.at);
    assert.deepEqual(times, [...times].sort(), "oldest first");
    assert.ok(r.events.every((e: { actor: string; detail: unknown }) => typeof e.actor === "string" && typeof e.detail === "object"));
    assert.ok(r.events.some((e: { actor: string }) => e.actor === a.email));

    assert.deepEqual(ids(await records("?state=confirmed")), ["gap-jan"]);
    for (const p of [`/api/delivery/documents/${connA}/nope`, `/api/delivery/documents/${connB}/gap-jan`, "/api/delivery/documents/not-a-uuid/gap-jan"]) {
      const miss = await as(support.session, p);
      assert.equal(miss.status, 404, p);
      assert.equal(miss.body.error, "not_found");
    }
  });

  test("completeness: months, a missing month between two documents, by connection or property", async () => {
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

    const byProperty = await as(support.session, "/api/delivery/completeness?property=HV-9&from=2026-01&to=2026-03");
    assert.equal(byProperty.status, 200, byProperty.text);
    const units = byProperty.body.units.map((u: { unit: string }) => u.unit);
    assert.ok(units.includes("000777") && units.includes("000123"), units.join(", "));

    // Every document here was first seen today, so the provider's usual day is today: not yet past.
    const current = await as(support.session, `/api/delivery/completeness?connection=${connA}&from=${lastMonth}&to=${thisMonth}`);
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
    for (const line of text.split("\r\n")) for (const cell of parseCsv(`${line}\r\n`)[0] ?? []) assert.doesNotMatch(cell, /^\s*[=+\-@]|^[\t\r]/);

    const filtered = await fetch(`${server.url}/api/delivery/export.csv?q=000777`, { headers: { Cookie: support.session.cookie, "Accept-Language": "en" } });
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
    assert.equal((await as(a.session, `/api/connections/${connA}`, { method: "PATCH", json: { name: "Nord" } })).status, 200);
  });

  test("user changes and exports are in the audit trail, without passwords", async () => {
    const created = await as(admin, "/api/users", {
      method: "POST",
      json: { email: "audited@example.com", name: "Audited", role: "manager", password: "audited-secret-pw" },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    assert.equal((await as(admin, `/api/users/${id}`, { method: "PATCH", json: { role: "support", password: "audited-secret-pw2" } })).status, 200);
    assert.equal((await as(admin, `/api/users/${id}`, { method: "PATCH", json: { name: "Audited" } })).status, 200, "no change");

    const query = "SELECT kind, actor, detail FROM audit_events WHERE kind IN ('user.create', 'user.update', 'export') ORDER BY id";
    let events: { kind: string; actor: string; detail: Record<string, unknown> }[];
    if (server.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
      await client.connect();
      events = (await client.query(query)).rows;
      await client.end();
    } else {
      await server.stop(); // the embedded database belongs to one process at a time
      const db = await PGlite.create(path.join(dataDir, "pglite"));
      events = (await db.query<(typeof events)[number]>(query)).rows;
      await db.close();
    }
    const mine = events.filter((e) => e.detail.userId === id);
    assert.deepEqual(
      mine.map((e) => [e.kind, e.actor, e.detail.role, e.detail.fields]),
      [
        ["user.create", ADMIN.email, "manager", ["email", "name", "role", "password"]],
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
