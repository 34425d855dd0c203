import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { suiteServer } from "../../support/suite";
import { counts, list, put } from "../../support/units";

/**
 * Issues 23 and 34: what the unit register's import refuses, over HTTP: errors name the file's line and the
 * column as its header writes it, and the valid units are still applied (a unit with an error in any of its
 * rows changes nothing); control, line-separator and bidi characters are refused in every cell; a file over
 * the limits answers 413 (units.test.ts: the import and the register).
 */

describe("the unit register: what the import refuses", () => {
  const s = suiteServer();
  let manager: Person;
  let other: Person;
  before(async () => {
    manager = await makeUser(s.server, "manager");
    other = await makeUser(s.server, "manager");
  });

  test("errors name the file's line and the column as the header writes it; valid rows are applied, others change nothing", async () => {
    const file = [
      "Nutzeinheit;Bewohner;EMail;Zustellweg;Einwilligung;Anschrift",
      '88001;Anna;anna@example.de;E-Mail;01.03.2026 Formular;"Weg 3\n12345 Ort, in zwei Zeilen"',
      "88002;Bernd;kein-at;E-Mail;01.03.2026 Formular;",
      ";Carla;;Post;;Weg 1",
      "88003;Dora;;Fax;;",
      "88005;Doppelt;;Post;;Weg 2",
      "88004;Emil;;;;",
      "88005;Zweiter;;Post;;Weg 4",
    ].join("\n");
    const expected = [
      { line: 4, column: "EMail", message: "Keine gültige E-Mail-Adresse." },
      {
        line: 5,
        column: "Nutzeinheit",
        message: "Weder Nutzeinheit noch HV-Nr. angegeben: Die Zeile lässt sich keiner Nutzeinheit zuordnen.",
      },
      { line: 6, column: "Zustellweg", message: "Unbekannter Zustellweg „Fax“: erlaubt sind E-Mail, Portal und Post." },
      {
        line: 7,
        message:
          "Nicht übernommen: Zeile 9 derselben Nutzeinheit hat einen Fehler, und eine Nutzeinheit wird nur ganz übernommen.",
      },
      {
        line: 8,
        column: "Anschrift",
        message: "Zustellweg Post (auch wenn kein Zustellweg angegeben ist), aber keine Anschrift.",
      },
      {
        line: 9,
        column: "Einzug",
        message:
          "Mehr als eine Belegung ohne Einzug: Nur die älteste darf ohne Datum sein (wohnt dort seit vor jedem Dokument).",
      },
    ];
    const dry = await put(other.session, s.server.url, file, "?dryRun=1");
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual(counts(dry.body), { rows: 7, created: 1, updated: 0, unchanged: 0, deleted: 0, errors: expected });
    const real = await put(other.session, s.server.url, file);
    assert.deepEqual(real.body, dry.body);
    assert.deepEqual(
      (await list(other.session, s.server.url)).units.map((u) => u.mscnumber),
      ["88001"],
    );
    const onlyErrors = await put(
      other.session,
      s.server.url,
      "Nutzeinheit;Bewohner;Zustellweg\n99;X;Fax\n",
      "",
      "text/csv; charset=utf-8",
    );
    assert.equal(onlyErrors.status, 400);
    assert.equal(onlyErrors.body.errors[0].line, 2);
    const noNumbers = await put(other.session, s.server.url, "Name;Ort\nA;B\n");
    assert.equal(noNumbers.status, 400);
    assert.deepEqual(
      noNumbers.body.errors.map((e: { line: number }) => e.line),
      [1],
    );
    const unclosed = await put(other.session, s.server.url, 'Nutzeinheit;Bewohner\n1;A\n2;"B\n3;C\n');
    assert.equal(unclosed.status, 400);
    assert.equal(unclosed.body.errors[0].line, 3);
  });

  test("tabs, line breaks, C1 controls, line separators and bidi overrides are refused in every cell; a postal address keeps its line breaks", async () => {
    const bad = ["\t", "\r", "\u0085", "\u2028", "\u2029", "\u202e", "\u2066"];
    const file = [
      "Nutzeinheit;Bewohner;E-Mail;Zustellweg;Anschrift;Lage",
      ...bad.map((c, i) => `8710${i};"Anna${c}Bauer";;Post;Weg 1;EG`),
      `87200;Bernd;;Post;"Weg 2${"\u202e"}";EG`,
      `87201;Carla;;Post;Weg 3;"EG${"\u2069"} links"`,
      '87202;Dora;;Post;"Weg 4\r\n12345 Ort";EG',
    ].join("\n");
    const res = await put(other.session, s.server.url, file, "?dryRun=1");
    assert.equal(res.status, 200, res.text);
    const errors = res.body.errors as { line: number; column: string; message: string }[];
    // A CR inside quotes ends a line of the file (line numbers count the file's lines): the rows after it start a line
    // later.
    const lineOf = (i: number) => i + 2 + (i > bad.indexOf("\r") ? 1 : 0);
    assert.deepEqual(
      errors.map((e) => [e.line, e.column]),
      [
        ...bad.map((_, i) => [lineOf(i), "Bewohner"]),
        [lineOf(bad.length), "Anschrift"],
        [lineOf(bad.length + 1), "Lage"],
      ],
      JSON.stringify(errors),
    );
    for (const e of errors) assert.match(e.message, /Steuer-, Tabulator-, Zeilenumbruch- oder Richtungszeichen/);
    assert.equal(res.body.created, 1, "the two-line postal address is taken");
  });

  test("limits: more than 10 MiB or 100,000 rows answer 413; an answer lists 1,000 errors and counts the rest", async () => {
    const big = await put(manager.session, s.server.url, `Nutzeinheit\n${"1\n".repeat(5.3 * 1024 * 1024)}`);
    assert.equal(big.status, 413);
    const rows = await put(
      manager.session,
      s.server.url,
      `Nutzeinheit\n${Array.from({ length: 100_001 }, (_, i) => String(i)).join("\n")}\n`,
      "?dryRun=1",
    );
    assert.equal(rows.status, 413, rows.text);
    const most = await put(
      manager.session,
      s.server.url,
      `Nutzeinheit\n${Array.from({ length: 100_000 }, (_, i) => String(i)).join("\n")}\n`,
      "?dryRun=1",
    );
    assert.equal(most.status, 200);
    assert.equal(most.body.created, 100_000);
    const broken = await put(
      manager.session,
      s.server.url,
      `Nutzeinheit;Bewohner;Zustellweg;Anschrift\n${Array.from({ length: 1500 }, (_, i) => `${i};X;Fax;Weg 1`).join("\n")}\n`,
      "?dryRun=1",
    );
    assert.deepEqual([broken.status, broken.body.errors.length, broken.body.moreErrors], [400, 1000, 500]);
  });
});
