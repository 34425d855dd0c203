import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { api, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { counts, list, put, resident } from "../../support/units";

/**
 * Issue 23: the unit register over HTTP. Registers as property-management software exports them
 * (UTF-8 with and without BOM, Windows-1252, `;` and `,`, quoted line breaks) import with their
 * umlauts; the dry run reports what the real run does and changes nothing; a round trip through
 * the export changes nothing; another user's units are not there; no resident's name or e-mail
 * reaches the server's output, its metrics or the audit trail (units-refusals.test.ts: what the
 * import refuses).
 */

const METRICS_TOKEN = "units-metrics-token-0123456789";

/** Windows-1252 bytes of a text (its characters all within Latin-1 here). */
const cp1252 = (text: string) => Buffer.from(text, "latin1");

const exportCsv = async (who: Session, base: string) => {
  const res = await fetch(`${base}/api/units/export.csv`, { headers: { cookie: who.cookie } });
  assert.equal(res.status, 200);
  return new Uint8Array(await res.arrayBuffer());
};

const REGISTER = [
  "Nutzeinheit;HV-Nr.;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift;Bemerkung",
  '55501001;HV-1;Wohnanlage Südpark;Südstraße 1, 10115 Berlin;EG links;Jürgen Weiß;juergen.weiss@example.de;E-Mail;01.03.2026 Formular;;"intern; nicht exportieren"',
  '55501002;HV-2;Wohnanlage Südpark;Südstraße 1, 10115 Berlin;"=1. OG rechts";Änne Groß;;Post;;"Änne Groß\nSüdstraße 1\n10115 Berlin";',
  "55501003;HV-3;Wohnanlage Südpark;Südstraße 1, 10115 Berlin;2. OG;Ömer Çelik;oemer@example.de;Portal;2026-03-02 Mietvertrag §12;;",
  "55501004;HV-4;Wohnanlage Südpark;Südstraße 1, 10115 Berlin;DG;;;;;;leer",
].join("\r\n");

describe("the unit register", () => {
  const s = suiteServer({ env: { METRICS_TOKEN } });
  let manager: Person;
  let other: Person;
  before(async () => {
    manager = await makeUser(s.server, "manager");
    other = await makeUser(s.server, "manager");
  });

  test("UTF-8 with BOM, UTF-8 with commas and Windows-1252 import with their umlauts intact", async () => {
    const people = [
      await makeUser(s.server, "manager"),
      await makeUser(s.server, "manager"),
      await makeUser(s.server, "manager"),
    ];
    const comma = "mscnumber,resident,email,channel,property\r\n77001,Jürgen Weiß,j@example.de,email,Haus Süd\r\n";
    const files: [Uint8Array, string][] = [
      [
        new Uint8Array([
          0xef,
          0xbb,
          0xbf,
          ...new TextEncoder().encode(
            "Nutzeinheit;Bewohner;Zustellweg;Anschrift;Liegenschaft\n77001;Jürgen Weiß;Post;Südstraße 1;Haus Süd\n",
          ),
        ]),
        "utf-8 BOM ;",
      ],
      [new TextEncoder().encode(comma), "utf-8 ,"],
      [
        cp1252(
          "Nutzeinheit;Bewohner;Zustellweg;Anschrift;Liegenschaft\r\n77001;Jürgen Weiß;Post;Südstraße 1;Haus Süd\r\n",
        ),
        "windows-1252 ;",
      ],
    ];
    for (const [i, [bytes, what]] of files.entries()) {
      const res = await put(people[i]!.session, s.server.url, bytes);
      assert.equal(res.status, 200, `${what}: ${res.text}`);
      assert.deepEqual(
        counts(res.body),
        { rows: 1, created: 1, updated: 0, unchanged: 0, deleted: 0, errors: [] },
        what,
      );
      const [unit] = (await list(people[i]!.session, s.server.url)).units;
      assert.equal(unit?.resident?.name, "Jürgen Weiß", what);
      assert.equal(unit?.property, "Haus Süd", what);
    }
  });

  test("the dry run reports what the real run does, and changes nothing", async () => {
    const dry = await put(manager.session, s.server.url, REGISTER, "?dryRun=1");
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual(counts(dry.body), { rows: 4, created: 4, updated: 0, unchanged: 0, deleted: 0, errors: [] });
    assert.deepEqual(dry.body.changes, [
      { line: 2, unit: "55501001", change: "created" },
      { line: 3, unit: "55501002", change: "created" },
      { line: 6, unit: "55501003", change: "created" },
      { line: 7, unit: "55501004", change: "created" },
    ]);
    assert.equal((await list(manager.session, s.server.url)).count, 0, "the dry run wrote nothing");
    assert.deepEqual(dry.body.unusedColumns, ["Bemerkung"]);
    const real = await put(manager.session, s.server.url, REGISTER);
    assert.deepEqual(real.body, dry.body);
    const { count, units } = await list(manager.session, s.server.url);
    assert.equal(count, 4);
    const byNumber = Object.fromEntries(units.map((u) => [u.mscnumber, u]));
    assert.deepEqual(
      byNumber["55501002"]?.resident,
      resident({
        name: "Änne Groß",
        firstName: "Änne",
        lastName: "Groß",
        channel: "post",
        postalAddress: "Änne Groß\nSüdstraße 1\n10115 Berlin",
      }),
    );
    assert.deepEqual(
      byNumber["55501002"]?.tenancies.map((t) => [t.moveIn, t.moveOut, t.vacancy]),
      [[null, null, false]],
      "a first import without dates: there since before any document",
    );
    assert.equal(byNumber["55501002"]?.label, "=1. OG rechts");
    assert.equal(byNumber["55501004"]?.resident, null);
    assert.equal((await put(manager.session, s.server.url, REGISTER, "?dryRun=1")).body.unchanged, 4);
  });

  test("a round trip through the export changes nothing; a column the file lacks keeps its values; replace removes what the file leaves out", async () => {
    const first = await exportCsv(manager.session, s.server.url);
    assert.deepEqual([...first.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const again = await put(manager.session, s.server.url, first);
    assert.deepEqual(counts(again.body), { rows: 4, created: 0, updated: 0, unchanged: 4, deleted: 0, errors: [] });
    assert.deepEqual(again.body.changes, []);
    assert.deepEqual(
      await exportCsv(manager.session, s.server.url),
      first,
      "the export is the same bytes after its own import",
    );
    assert.match(new TextDecoder().decode(first), /"'=1\. OG rechts"|'=1\. OG rechts/);
    // The written agreement goes out right after the channel, as the import reads it back.
    assert.match(new TextDecoder().decode(first), /;Zustellweg;Einwilligung;/);
    assert.match(new TextDecoder().decode(first), /;E-Mail;01\.03\.2026 Formular;/);
    assert.match(new TextDecoder().decode(first), /;Portal;02\.03\.2026 Mietvertrag §12;/);

    const emails = await put(manager.session, s.server.url, "Nutzeinheit;E-Mail\n55501003;neu@example.de\n");
    assert.deepEqual(counts(emails.body), { rows: 1, created: 0, updated: 1, unchanged: 0, deleted: 0, errors: [] });
    assert.deepEqual(emails.body.changes, [{ line: 2, unit: "55501003", change: "updated", columns: ["email"] }]);
    const portal = (await list(manager.session, s.server.url, "?q=55501003")).units[0];
    assert.deepEqual(
      portal?.resident,
      resident({
        name: "Ömer Çelik",
        firstName: "Ömer",
        lastName: "Çelik",
        email: "neu@example.de",
        channel: "portal",
        consent: { channel: "portal", at: "2026-03-02T00:00:00.000Z", how: "written", reference: "Mietvertrag §12" },
      }),
    );
    assert.equal(portal?.property, "Wohnanlage Südpark");

    const replaced = await put(
      manager.session,
      s.server.url,
      "Nutzeinheit;Lage\n55501001;EG links\n55501003;2. OG\n",
      "?replace=1&dryRun=1",
    );
    assert.equal(replaced.body.deleted, 2);
    assert.deepEqual(
      replaced.body.changes.map((c: { unit: string; change: string }) => `${c.unit} ${c.change}`).sort(),
      ["55501002 deleted", "55501004 deleted"],
    );
    assert.equal((await list(manager.session, s.server.url)).count, 4, "a dry run deletes nothing");
    const kept = await put(manager.session, s.server.url, "Nutzeinheit;Lage\n55501001;EG links\n");
    assert.equal(kept.body.deleted, 0);
    assert.equal((await list(manager.session, s.server.url)).count, 4, "without replace nothing is deleted");
  });

  test("the register's page: search, property filter, paging; the edit keeps the rules; another user's unit is 404 like a missing one", async () => {
    const found = await list(manager.session, s.server.url, "?q=weiß");
    assert.deepEqual(
      found.units.map((u) => u.mscnumber),
      ["55501001"],
    );
    const page = await list(manager.session, s.server.url, "?property=Wohnanlage%20S%C3%BCdpark&limit=2&offset=2");
    assert.equal(page.count, 4);
    assert.equal(page.units.length, 2);
    assert.equal((await api(manager.session, s.server.url, "/api/units?limit=201")).status, 400);

    const unit = found.units[0]!;
    const path = `/api/units/${unit.id}`;
    const bad = await api(manager.session, s.server.url, path, {
      method: "PATCH",
      json: { resident: { channel: "email", email: "" } },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(
      bad.body.fields.map((f: { path: string }) => f.path),
      ["resident.email"],
    );
    const good = await api(manager.session, s.server.url, path, {
      method: "PATCH",
      json: {
        billingunit: "4711-01",
        resident: { name: "Jürgen Weiss", channel: "post", postalAddress: "Südstraße 1\n10115 Berlin" },
      },
    });
    assert.equal(good.status, 200, good.text);
    assert.deepEqual(
      good.body.resident,
      resident({
        name: "Jürgen Weiss",
        firstName: "Jürgen",
        lastName: "Weiss",
        email: "juergen.weiss@example.de",
        channel: "post",
        postalAddress: "Südstraße 1\n10115 Berlin",
      }),
    );
    assert.equal(good.body.billingunit, "4711-01");
    assert.equal(good.body.tenancies[0].id, unit.tenancies[0]!.id, "a correction of the same tenancy");
    assert.equal(good.body.tenancies.length, 1);
    const same = await api(manager.session, s.server.url, path, { method: "PATCH", json: { label: unit.label } });
    assert.equal(same.body.updatedAt, good.body.updatedAt, "an edit that changes nothing writes nothing");
    const nobody = (await list(manager.session, s.server.url, "?q=55501004")).units[0]!;
    const refused = await api(manager.session, s.server.url, `/api/units/${nobody.id}`, {
      method: "PATCH",
      json: { resident: { name: "Neu Mieterin" } },
    });
    assert.deepEqual([refused.status, refused.body.fields?.[0]?.path], [400, "resident"]);

    const theirs = await api(other.session, s.server.url, path, { method: "PATCH", json: { label: "x" } });
    const missing = await api(other.session, s.server.url, "/api/units/00000000-0000-4000-8000-000000000000", {
      method: "PATCH",
      json: { label: "x" },
    });
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, missing.body);
    assert.ok(
      !(await list(other.session, s.server.url, "?q=5550")).units.length,
      "another user's units are not listed",
    );
    assert.ok(!new TextDecoder().decode(await exportCsv(other.session, s.server.url)).includes("5550"), "nor exported");
    const support = await makeUser(s.server, "support");
    assert.equal((await api(support.session, s.server.url, "/api/units")).status, 403);
  });

  test("an admin erases one resident's data, the unit stays; a manager may not", async () => {
    const unit = (await list(manager.session, s.server.url, "?q=55501003")).units[0]!;
    const path = `/api/units/${unit.id}/resident`;
    assert.equal(
      (await api(manager.session, s.server.url, path, { method: "DELETE", headers: { origin: s.server.url } })).status,
      403,
    );
    const erased = await api(s.admin, s.server.url, path, { method: "DELETE", headers: { origin: s.server.url } });
    assert.equal(erased.status, 200, erased.text);
    const after = (await list(manager.session, s.server.url, "?q=55501003")).units[0];
    assert.equal(after?.resident, null);
    assert.deepEqual(
      after?.tenancies.map((t) => [t.moveIn, t.resident]),
      [[null, null]],
      "the tenancy's dates stay",
    );
  });

  test("no resident's name or e-mail in the server's output, its metrics or the audit trail", async () => {
    const metrics = await fetch(`${s.server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const personal = [
      "Jürgen",
      "Weiß",
      "juergen.weiss",
      "Änne",
      "Ömer",
      "oemer@",
      "neu@example.de",
      "Weiss",
      "Südstraße 1\n",
    ];
    const metricsText = await metrics.text();
    const audit = await sql<{ kind: string; detail: unknown }>(
      s.server,
      "SELECT kind, detail FROM audit_events WHERE kind IN ('units.import', 'unit.update', 'resident.erase')",
    );
    assert.ok(
      audit.some((e) => e.kind === "units.import") &&
        audit.some((e) => e.kind === "unit.update") &&
        audit.some((e) => e.kind === "resident.erase"),
    );
    const auditText = JSON.stringify(audit);
    for (const p of personal) {
      assert.ok(!s.server.output().includes(p), `${p} in the server's output`);
      assert.ok(!metricsText.includes(p), `${p} in the metrics`);
      assert.ok(!auditText.includes(p), `${p} in the audit trail`);
    }
  });
});
