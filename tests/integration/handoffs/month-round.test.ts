import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser } from "../../support/connections";
import { ndjson, uvi } from "../../support/delivery";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 35, the month page's answer (`GET /api/month`, `GET /api/month/documents`) against a sandbox month: per
 * property, what arrived and was expected, read, confirmed, handed on and why not, the property's own files apart,
 * and the documents the round's runs take; the owner's register only.
 */

const LINDE = "Haus Linde";
const AHORN = "Haus Ahorn";
const REGISTER = [
  "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift;Einzug;Auszug",
  `9001;AE-77;${LINDE};EG;Anna Grünwald;anna@example.de;E-Mail;01.03.2026 Formular;`,
  `9002;AE-77;${LINDE};1. OG;Bert Sommer;bert@example.de;E-Mail;01.03.2026 Formular;`,
  `9003;AE-77;${LINDE};2. OG;;;;;`,
  `9004;AE-77;${LINDE};3. OG;Dora Brief;;Post;;"Lindenweg 1, 10115 Berlin"`,
  `9005;AE-77;${LINDE};DG;Emil Spät;emil@example.de;E-Mail;01.03.2026 Formular;`,
  `9006;AE-77;${LINDE};Keller;Fritz Leer;fritz@example.de;E-Mail;01.03.2026 Formular;`,
  `9007;AE-88;${AHORN};EG;Gerda Ahorn;gerda@example.de;E-Mail;01.03.2026 Formular;`,
  // A move in the middle of October: the month's document goes to nobody until a manager assigns it.
  `9008;AE-77;${LINDE};Hof;Hanna Alt;hanna@example.de;E-Mail;01.03.2026 Formular;;;15.10.2026`,
  `9008;AE-77;${LINDE};Hof;Ida Neu;ida@example.de;E-Mail;01.03.2026 Formular;;16.10.2026;`,
].join("\n");

/** A file of the whole property: its only reference is the billing unit. */
const propertyFile = uvi("p-ae77", null, "2026-10", {
  metadata: [{ reftype: "billingunit", mscnumber: "AE-77", pmnumber: null, from: "2026-10-01", to: "2026-10-31" }],
});

/**
 * Documents of the month that no property takes: units the register does not name, a file of a property it does not
 * name. (A document that names no unit has no period either: it belongs to no month.)
 */
const outside = [
  uvi("m-9100", "9100"),
  uvi("m-9101", "9101"),
  uvi("p-ae99", null, "2026-10", {
    metadata: [{ reftype: "billingunit", mscnumber: "AE-99", pmnumber: null, from: "2026-10-01", to: "2026-10-31" }],
  }),
];

const smtpPort = await freePort();

describe("the month page's answer", () => {
  const s = sandboxSuite(
    [
      ...["9001", "9002", "9003", "9004", "9006", "9008"].map((u) => uvi(`m-${u}`, u)),
      uvi("m-9001-09", "9001", "2026-09"),
      uvi("m-9007-09", "9007", "2026-09"),
      propertyFile,
      ...outside,
    ],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
      },
    },
  );
  const get = (path: string, session = s.manager.session) => api(session, s.server.url, path);
  const confirm = (id: string) =>
    api(s.manager.session, s.server.url, `/api/connections/${s.connectionId}/documents/${id}/status`, {
      method: "PUT",
      json: {},
    });

  before(async () => {
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    for (const id of ["m-9001", "m-9004", "m-9006"]) assert.equal((await confirm(id)).status, 200);
    // The manager opens m-9001's file in the viewer: read once, however often.
    for (let i = 0; i < 2; i++) {
      const file = await get(`/api/connections/${s.connectionId}/documents/m-9001/data`);
      assert.equal(file.status, 200);
    }
    const sent = await ndjson(s.manager.session, s.server.url, "/api/handoffs", {
      documents: [{ connectionId: s.connectionId, documentid: "m-9001" }],
    });
    assert.equal(sent.lines[0]?.state, "sent", sent.text);
  });

  test("the latest month with documents and the months for the picker; per property where the month stands", async () => {
    const round = await get("/api/month");
    assert.equal(round.status, 200, round.text);
    assert.equal(round.body.month, "2026-10");
    assert.deepEqual(round.body.months, ["2026-10", "2026-09"]);
    assert.equal(round.body.truncated, false);
    type Row = Record<string, unknown> & { property: string; counts: Record<string, number> };
    const rows = round.body.properties as Row[];
    assert.deepEqual(
      rows.map((r) => r.property),
      [AHORN, LINDE],
    );
    const linde = rows.find((r) => r.property === LINDE)!;
    const { counts, reports, ...numbers } = linde;
    assert.deepEqual(numbers, {
      property: LINDE,
      units: 7,
      documents: 6,
      read: 1,
      confirmed: 3,
      toConfirm: 3,
      toHandOn: 1,
      toConfirmAndHandOn: 1,
      propertyFiles: 1,
      // No e-mail came back (issue #47, tests/integration/handoffs/bounce-letters.test.ts).
      bounced: [],
      // Its one post resident living there today gets letters with the link to agree (tests/.../consent.test.ts).
      withoutConsent: 1,
      // Nobody named yet (issue #46, tests/integration/teams/responsibility.test.ts).
      responsible: null,
      deputy: null,
      standIn: null,
    });
    assert.deepEqual(
      Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
      { email: 1, open: 1, notPrinted: 1, noResident: 1, notConfirmed: 1, change: 1, noDocument: 1 },
      "the same statuses as the month view of the property",
    );
    assert.deepEqual(reports, { open: 0, due: 0, overdue: 0 });
    const view = await get(`/api/handoffs/month?property=${encodeURIComponent(LINDE)}&month=2026-10`);
    assert.deepEqual(
      Object.fromEntries(Object.entries(view.body.counts as Record<string, number>).filter(([, n]) => n > 0)),
      Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
      "the month page and the per-property view agree",
    );
    const ahorn = rows.find((r) => r.property === AHORN)!;
    assert.equal(ahorn.documents, 0);
    assert.equal(ahorn.counts.noDocument, 1);
  });

  test("every document of the month is counted: those no property takes in a line per connection (issue #50)", async () => {
    const round = await get("/api/month?month=2026-10");
    assert.deepEqual(round.body.unregistered, [
      { connectionId: s.connectionId, connectionName: "Test", documents: 3, units: 3, open: 3 },
    ]);
    const rows = round.body.properties as { documents: number; propertyFiles: number }[];
    const counted = rows.reduce((n, r) => n + r.documents + r.propertyFiles, 0);
    assert.equal(counted, 6 + 1, "the properties' documents and files; with the three outside, all ten of October");
    // One property asks for that property alone.
    const one = await get(`/api/month?month=2026-10&property=${encodeURIComponent(LINDE)}`);
    assert.deepEqual(one.body.unregistered, []);
    // September's documents are all in the register.
    assert.deepEqual((await get("/api/month?month=2026-09")).body.unregistered, []);
  });

  test("another month, one property; support's reads do not count; other users see nothing of it", async () => {
    const september = await get(`/api/month?month=2026-09&property=${encodeURIComponent(AHORN)}`);
    assert.equal(september.status, 200, september.text);
    assert.equal(september.body.month, "2026-09");
    assert.deepEqual(
      (september.body.properties as { property: string; documents: number; toConfirm: number }[]).map((r) => [
        r.property,
        r.documents,
        r.toConfirm,
      ]),
      [[AHORN, 1, 1]],
    );

    const support = await makeUser(s.server, "support");
    const file = await get(`/api/delivery/documents/${s.connectionId}/m-9004/file`, support.session);
    assert.equal(file.status, 200);
    const again = await get(`/api/month?property=${encodeURIComponent(LINDE)}`);
    assert.equal((again.body.properties as { read: number }[])[0]!.read, 1, "support's read is not the manager's");
    assert.equal((await get("/api/month", support.session)).status, 403);

    const other = await makeUser(s.server, "manager");
    const theirs = await get("/api/month", other.session);
    assert.equal(theirs.status, 200, theirs.text);
    assert.deepEqual(theirs.body, {
      month: null,
      months: [],
      scope: "team",
      truncated: false,
      properties: [],
      unregistered: [],
    });
    assert.equal((await get("/api/month?month=2026-13")).status, 400);
  });

  test("the documents the round's runs take: open ones to confirm, confirmed ones to hand on, never the property's file", async () => {
    const list = await get(`/api/month/documents?property=${encodeURIComponent(LINDE)}&month=2026-10`);
    assert.equal(list.status, 200, list.text);
    type Doc = { documentid: string; confirmable: boolean; confirmed: boolean; handsOn: boolean; tenancyId: unknown };
    const docs = list.body.documents as Doc[];
    assert.deepEqual(
      docs.map((d) => [d.documentid, d.confirmable, d.confirmed, d.handsOn]),
      [
        ["m-9002", true, false, true],
        ["m-9003", true, false, false],
        ["m-9006", false, true, true],
        ["m-9008", true, false, false],
      ],
    );
    assert.equal(docs.find((d) => d.documentid === "m-9003")!.tenancyId, null, "nobody receives it yet");
    assert.equal(list.body.truncated, false);
    const other = await makeUser(s.server, "manager");
    const theirs = await get(`/api/month/documents?property=${encodeURIComponent(LINDE)}&month=2026-10`, other.session);
    assert.deepEqual(theirs.body.documents, []);
    assert.equal((await get(`/api/month/documents?month=2026-10`)).status, 400);
  });

  test("the tables it reads have statistics right after the sync and the import, not once autovacuum came by (issue #51)", async () => {
    const tables = await s.server.query<{ relname: string; reltuples: number; last_analyze: unknown }>(
      `SELECT c.relname, c.reltuples::float8 AS reltuples, s.last_analyze FROM pg_class c
        LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE c.relname IN ('units', 'tenancies', 'delivery_documents') ORDER BY c.relname`,
    );
    const analyzed = tables.filter((t) => t.last_analyze !== null && Number(t.reltuples) > 0).map((t) => t.relname);
    // The app's own ANALYZE (autovacuum's would be last_autoanalyze) after the sync and after the import, on both
    // engines: the embedded database has no autovacuum, so a register it never analyzed stayed without (issue #45).
    // Not its tenancies: their sample would keep residents' data in pg_statistic (lib/db/statistics.ts).
    const postgres = s.server.env.DATABASE_URL !== undefined;
    assert.deepEqual(
      analyzed,
      postgres ? ["delivery_documents", "tenancies", "units"] : ["delivery_documents", "units"],
    );
  });
});
