import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { suiteServer } from "../../support/suite";
import { counts, list, put, resident } from "../../support/units";

/**
 * Issue 34: the register import reads what property-management exports carry, over HTTP: a history
 * in Windows-1252 with `Einzug`/`Auszug`, `Anrede`/`Vorname`/`Nachname`, `Straße`/`PLZ`/`Ort` and
 * several rows per unit; a name as "Nachname, Vorname"; a changed resident without a move-in is an
 * error of its line; the same file again changes nothing (no row written, `updated_at` kept); a file
 * of the present residents keeps the history; the export's round trip; the dry run's preview and
 * unused columns (units.test.ts: the register; units-refusals.test.ts: what the import refuses).
 */

/** Windows-1252 bytes of a text (its characters all within Latin-1 here). */
const cp1252 = (text: string) => Buffer.from(text, "latin1");

const HISTORY = [
  "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Lage;Anrede;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Straße;PLZ;Ort;Mietbeginn;Mietende;Zähler-Nr.",
  "7101;AE-1;Haus Föhre;EG links;Frau;Änne;Weiß;aenne@example.de;E-Mail;15.02.2019 Mietvertrag §12;;;;01.03.2019;14.10.2026;Z-1",
  "7101;AE-1;Haus Föhre;EG links;Herr;Jörg;Groß;;Post;;Schloßstraße 5a;24103;Kiel;15.10.2026;;Z-1",
  "7102;AE-1;Haus Föhre;EG rechts;Herr;Hans-Jürgen;Müller;hjm@example.de;Portal;2020-05-04 Formular;;;;;31.8.2026;Z-2",
  "7102;AE-1;Haus Föhre;EG rechts;;;;;;;;;;1.9.2026;;Z-2",
  "7103;AE-1;Haus Föhre;1. OG;;;Hansa Wohnen GmbH;;Post;;Hafenweg;20457;Hamburg;2020-01-01;;Z-3",
].join("\r\n");

type Unit = Awaited<ReturnType<typeof list>>["units"][number];
const dates = (u: Unit | undefined) =>
  u?.tenancies.map((t) => [t.moveIn, t.moveOut, t.vacancy ? "leer" : (t.resident?.name ?? "gelöscht")]);

describe("the register import: histories as exports carry them", () => {
  const s = suiteServer();
  let manager: Person;
  const units = async () =>
    Object.fromEntries((await list(manager.session, s.server.url)).units.map((u) => [u.mscnumber, u]));
  const stamps = async () =>
    sql<{ id: string; updated_at: string }>(
      s.server,
      `SELECT id::text, updated_at::text FROM tenancies UNION ALL SELECT id::text, updated_at::text FROM units ORDER BY 1`,
    );
  before(async () => {
    manager = await makeUser(s.server, "manager");
  });

  test("the dry run shows the first rows as read and the columns it does not use", async () => {
    const dry = await put(manager.session, s.server.url, cp1252(HISTORY), "?dryRun=1");
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual(dry.body.unusedColumns, ["Zähler-Nr."]);
    assert.equal(dry.body.preview.length, 5);
    assert.deepEqual(dry.body.preview[1], {
      line: 3,
      unit: "7101",
      name: "Jörg Groß",
      salutation: "Herr",
      firstName: "Jörg",
      lastName: "Groß",
      company: null,
      vacancy: false,
      moveIn: "2026-10-15",
      moveOut: null,
      postalAddress: ["Schloßstraße 5a", "24103 Kiel"],
      channel: "post",
      email: null,
    });
    assert.deepEqual(
      dry.body.preview.map((p: { vacancy: boolean; moveIn: string | null; moveOut: string | null }) => [
        p.vacancy,
        p.moveIn,
        p.moveOut,
      ]),
      [
        [false, "2019-03-01", "2026-10-14"],
        [false, "2026-10-15", null],
        [false, null, "2026-08-31"],
        [true, "2026-09-01", null],
        [false, "2020-01-01", null],
      ],
    );
    assert.equal((await list(manager.session, s.server.url)).count, 0, "the dry run wrote nothing");
  });

  test("a history in Windows-1252: several rows per unit, name and address in parts, dates in both forms", async () => {
    const res = await put(manager.session, s.server.url, cp1252(HISTORY));
    assert.deepEqual(counts(res.body), { rows: 5, created: 3, updated: 0, unchanged: 0, deleted: 0, errors: [] });
    const byNumber = await units();
    assert.deepEqual(dates(byNumber["7101"]), [
      ["2026-10-15", null, "Jörg Groß"],
      ["2019-03-01", "2026-10-14", "Änne Weiß"],
    ]);
    assert.deepEqual(
      byNumber["7101"]?.resident,
      resident({
        name: "Jörg Groß",
        salutation: "Herr",
        firstName: "Jörg",
        lastName: "Groß",
        channel: "post",
        postalAddress: "Schloßstraße 5a\n24103 Kiel",
      }),
    );
    assert.deepEqual(dates(byNumber["7102"]), [
      ["2026-09-01", null, "leer"],
      [null, "2026-08-31", "Hans-Jürgen Müller"],
    ]);
    assert.equal(byNumber["7102"]?.resident, null, "a vacancy now");
    assert.equal(byNumber["7103"]?.resident?.company, "Hansa Wohnen GmbH");
    assert.equal((byNumber["7101"] as Unit & { billingunit: string }).billingunit, "AE-1");
    const found = await list(manager.session, s.server.url, `?q=${encodeURIComponent("änne")}`);
    assert.deepEqual(
      found.units.map((u) => u.mscnumber),
      ["7101"],
      "a former resident finds the unit",
    );
  });

  test("the same file again changes nothing: no tenancy or unit written", async () => {
    const before = await stamps();
    const again = await put(manager.session, s.server.url, cp1252(HISTORY));
    assert.deepEqual(counts(again.body), { rows: 5, created: 0, updated: 0, unchanged: 3, deleted: 0, errors: [] });
    assert.deepEqual(await stamps(), before);
  });

  test("the export's round trip changes nothing, and writes one row per tenancy", async () => {
    const exported = await fetch(`${s.server.url}/api/units/export.csv`, {
      headers: { cookie: manager.session.cookie },
    });
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    assert.match(
      text,
      /^\uFEFFNutzeinheit;HV-Nr\.;Abrechnungseinheit;.*;Zustellweg;Einwilligung;Anschrift;Einzug;Auszug\r\n/,
    );
    assert.match(
      text,
      /7101;;AE-1;Haus Föhre;;EG links;;Frau;Änne;Weiß;;aenne@example\.de;E-Mail;15\.02\.2019 Mietvertrag §12;;01\.03\.2019;14\.10\.2026\r\n/,
    );
    assert.match(text, /7103;;AE-1;Haus Föhre;;1\. OG;;;;;Hansa Wohnen GmbH;;Post;/, "a company in its own column");
    assert.equal(text.trim().split("\r\n").length, 1 + 5);
    const before = await stamps();
    const again = await put(manager.session, s.server.url, bytes);
    assert.deepEqual(counts(again.body), { rows: 5, created: 0, updated: 0, unchanged: 3, deleted: 0, errors: [] });
    assert.deepEqual(await stamps(), before);
  });

  test("a file of the present residents keeps the history; the same person's e-mail updates their tenancy", async () => {
    const ids = (await units())["7101"]!.tenancies.map((t) => t.id);
    const present = [
      "Nutzeinheit;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
      '7101;"Groß, Jörg";joerg@example.de;Portal;10.11.2026 Formular;"Schloßstraße 5a\n24103 Kiel"',
    ].join("\n");
    const res = await put(manager.session, s.server.url, present);
    assert.deepEqual(counts(res.body), { rows: 1, created: 0, updated: 1, unchanged: 0, deleted: 0, errors: [] });
    assert.deepEqual(res.body.changes[0].columns.sort(), ["channel", "email"]);
    const unit = (await units())["7101"]!;
    assert.deepEqual(
      unit.tenancies.map((t) => t.id),
      ids,
      "the same tenancies, by id",
    );
    assert.deepEqual(dates(unit), [
      ["2026-10-15", null, "Jörg Groß"],
      ["2019-03-01", "2026-10-14", "Änne Weiß"],
    ]);
    assert.equal(unit.resident?.email, "joerg@example.de");
    assert.equal(unit.resident?.channel, "portal", "with his written agreement");
    assert.equal(unit.resident?.salutation, "Herr", "no Anrede column: the stored salutation stays");
  });

  test("a changed resident without a move-in is an error of its line, naming the present one; the unit stays", async () => {
    const file = [
      "Nutzeinheit;Bewohner;E-Mail;Zustellweg;Einwilligung;Einzug",
      "7103;Neu, Nina;nina@example.de;E-Mail;20.10.2026 Formular;",
    ].join("\n");
    const res = await put(manager.session, s.server.url, file);
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(res.body.errors, [
      {
        line: 2,
        column: "Einzug",
        message:
          "Anderer Bewohner als bisher (Hansa Wohnen GmbH), aber kein Einzug: Bitte das Einzugsdatum angeben, damit feststeht, wem welcher Monat gehört.",
      },
    ]);
    const dated = await put(manager.session, s.server.url, file.replace(/;$/, ";1.11.2026"));
    assert.equal(dated.status, 200, dated.text);
    assert.deepEqual(dates((await units())["7103"]), [
      ["2026-11-01", null, "Nina Neu"],
      ["2020-01-01", "2026-10-31", "Hansa Wohnen GmbH"],
    ]);
  });

  test("impossible dates and overlaps name their line and column", async () => {
    const file = [
      "Nutzeinheit;Vorname;Nachname;Zustellweg;Anschrift;gültig ab;gültig bis",
      "7104;Anna;Alt;Post;Weg 1;31.02.2026;",
      "7101;Olga;Überlapp;Post;Weg 2;01.10.2026;",
    ].join("\n");
    const res = await put(manager.session, s.server.url, file, "?dryRun=1");
    assert.deepEqual(
      res.body.errors.map((e: { line: number; column: string; message: string }) => [e.line, e.column, e.message]),
      [
        [
          2,
          "gültig ab",
          "Kein gültiges Datum „31.02.2026“: erwartet wird TT.MM.JJJJ (z. B. 01.10.2026) oder JJJJ-MM-TT.",
        ],
        [
          3,
          "gültig ab",
          "Überschneidet sich mit der gespeicherten Belegung von Änne Weiß (01.03.2019 bis 14.10.2026): Bitte die Daten prüfen.",
        ],
      ],
    );
  });
});
