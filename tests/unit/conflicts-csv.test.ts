import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { conflictsCsv, conflictsFileName, unitNumberOf } from "@/lib/teams/conflicts-csv";

/** A team merge's conflicts as the file the admins' teams page offers (issue #46, lib/teams/conflicts-csv.ts). */
describe("team merge conflicts as CSV", () => {
  const conflicts = [
    {
      rows: [
        { Nutzeinheit: "1001", Liegenschaft: "Haus; Ost", Bewohner: 'Anna "Nani" Alt', Einzug: "01.01.2020" },
        { Nutzeinheit: "1001", Liegenschaft: "Haus; Ost", Bewohner: "Zeile 1\nZeile 2", Einzug: null },
      ],
    },
    { rows: [{ Nutzeinheit: "1002", Liegenschaft: "Hof", Bewohner: "Ben Berg", Einzug: "15.03.2021" }] },
  ];

  test("UTF-8 with BOM, the rows' German keys as header, `;`, CRLF after every line", () => {
    const text = conflictsCsv(conflicts);
    assert.ok(text.startsWith("\uFEFFNutzeinheit;Liegenschaft;Bewohner;Einzug\r\n"));
    assert.ok(text.endsWith("\r\n"));
    assert.equal(text.split("\r\n").length, 5, "header, three rows and the end");
    assert.equal(new TextEncoder().encode(text).slice(0, 3).join(","), "239,187,191");
  });

  test('a `;`, a `"` and a line break are quoted; null is empty', () => {
    const lines = conflictsCsv(conflicts).slice(1).split("\r\n");
    assert.equal(lines[1], '1001;"Haus; Ost";"Anna ""Nani"" Alt";01.01.2020');
    assert.equal(lines[2], '1001;"Haus; Ost";"Zeile 1\nZeile 2";');
    assert.equal(lines[3], "1002;Hof;Ben Berg;15.03.2021");
  });

  test("a cell a spreadsheet would run gets the export's guard", () => {
    const text = conflictsCsv([{ rows: [{ Nutzeinheit: "=1+1", Bewohner: "x" }] }]);
    assert.equal(text, "\uFEFFNutzeinheit;Bewohner\r\n'=1+1;x\r\n");
  });

  test("no conflicts: the header is empty, the BOM stays", () => {
    assert.equal(conflictsCsv([]), "\uFEFF\r\n");
  });

  test("the file's name: the team in lower case, `-` for the rest, and the day", () => {
    assert.equal(conflictsFileName("Team Süd / Ost", new Date(2026, 10, 9)), "konflikte-team-süd-ost-2026-11-09.csv");
    assert.equal(conflictsFileName("***", new Date(2026, 0, 1)), "konflikte-team-2026-01-01.csv");
  });

  test("a unit key as its number: the Nutzeinheit, else the HV-Nr.", () => {
    assert.deepEqual(unitNumberOf("m:71000001"), { kind: "msc", number: "71000001" });
    assert.deepEqual(unitNumberOf("p:HV-7"), { kind: "pm", number: "HV-7" });
  });
});
