import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { csvLine } from "@/lib/csv";
import { mapHeader } from "@/lib/register/columns";
import { CsvError, decodeRegister, detectSeparator, parseCsv, readRegisterCsv } from "@/lib/register/csv";
import { isoDayProblem, parseDate } from "@/lib/register/dates";
import { splitName } from "@/lib/register/names";
import { cellsOfRecord, cleanCell, readRow, residentProblems } from "@/lib/register/rows";

/**
 * Issue 23: reading a unit register as property-management software exports it: the encoding,
 * the separator, quoted fields with separators and line breaks, the line each record starts on,
 * header names in German or English, and the rules of a row.
 */

const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe("the register's CSV reader", () => {
  test("UTF-8 with and without BOM, UTF-16 with BOM and Windows-1252 all keep their umlauts", () => {
    const text = "Bewohner\nJürgen Größe-Müßig €";
    const utf8 = new TextEncoder().encode(text);
    assert.deepEqual(decodeRegister(utf8), { text, encoding: "utf-8" });
    assert.deepEqual(decodeRegister(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8])), { text, encoding: "utf-8" });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    assert.deepEqual(decodeRegister(utf16), { text, encoding: "utf-16le" });
    // Windows-1252: ü is FC, ß is DF, € is 80 (not Latin-1's control character).
    const cp1252 = Uint8Array.from([...latin1("Bewohner\nJ\u00fcrgen Gr\u00f6\u00dfe-M\u00fc\u00dfig "), 0x80]);
    assert.deepEqual(decodeRegister(cp1252), { text, encoding: "windows-1252" });
  });

  test("the separator is the one the header line uses, outside quotes", () => {
    assert.equal(detectSeparator("Nutzeinheit;Bewohner;E-Mail\n1,2,3,4,5"), ";");
    assert.equal(detectSeparator("mscnumber,resident,email"), ",");
    assert.equal(detectSeparator('"Lage; Etage",Nutzeinheit,Bewohner'), ",");
    assert.equal(detectSeparator("Nutzeinheit\tBewohner"), "\t");
    assert.equal(detectSeparator("Nutzeinheit"), ";");
  });

  test("quoted fields hold separators, quotes and line breaks; each record keeps the line it starts on", () => {
    const text = 'a;b;c\r\n1;"Haus ""Am See""; links";x\r\n2;"Frau Müller\r\nHauptstr. 1\n12345 Berlin";y\n\n3;;z';
    const records = parseCsv(text, ";", 10);
    assert.deepEqual(
      records.map((r) => [r.line, r.fields]),
      [
        [1, ["a", "b", "c"]],
        [2, ["1", 'Haus "Am See"; links', "x"]],
        [3, ["2", "Frau Müller\r\nHauptstr. 1\n12345 Berlin", "y"]],
        [7, ["3", "", "z"]],
      ],
    );
  });

  test("lenient where exports are sloppy: a quote inside an unquoted field, a missing last line break, CR line ends", () => {
    assert.deepEqual(
      parseCsv('a;b\r5" Zoll;x\rletzte;zeile', ";", 10).map((r) => r.fields),
      [
        ["a", "b"],
        ['5" Zoll', "x"],
        ["letzte", "zeile"],
      ],
    );
  });

  test("an unclosed quote names the line where it opened; more rows than allowed stop the reading", () => {
    assert.throws(
      () => parseCsv('a;b\n1;2\n3;"offen\n4;5\n', ";", 10),
      (e: unknown) => e instanceof CsvError && e.reason === "unclosedQuote" && e.line === 3,
    );
    const many = `h\n${"1\n".repeat(6)}`;
    assert.equal(parseCsv(many, ";", 6).length, 7);
    assert.throws(
      () => parseCsv(many, ";", 5),
      (e: unknown) => e instanceof CsvError && e.reason === "tooManyRows",
    );
  });

  test("headers in German or English, any order, any case, extra columns ignored; a column named twice is reported", () => {
    const { columns, duplicates } = mapHeader([
      "Bemerkung",
      "e-mail",
      "HV-Nr.",
      "NUTZEINHEIT",
      "Postal Address",
      "zustellweg",
    ]);
    assert.deepEqual(Object.fromEntries([...columns].map(([c, { index }]) => [c, index])), {
      email: 1,
      pmnumber: 2,
      mscnumber: 3,
      postalAddress: 4,
      channel: 5,
    });
    assert.deepEqual(duplicates, []);
    assert.deepEqual(mapHeader(["mscnumber", "Nutzeinheit"]).duplicates, ["Nutzeinheit"]);
    assert.deepEqual(mapHeader(["Nutzeinheit", "Bemerkung", " ", "Zähler"]).unused, ["Bemerkung", "Zähler"]);
    const aliases = mapHeader(["Mietbeginn", "Nutzungsende", "Straße", "PLZ", "Ort", "Abrechnungseinheit", "Anrede"]);
    assert.deepEqual(
      [...aliases.columns.keys()],
      ["moveIn", "moveOut", "street", "postcode", "city", "billingunit", "salutation"],
    );
    assert.deepEqual(
      [...mapHeader(["gültig ab", "gültig bis", "Nutzungsbeginn", "Mietende"]).columns.keys()],
      ["moveIn", "moveOut"],
      "the second name of a column is a duplicate",
    );
  });

  test("a file read whole: the header is the first non-blank record", async () => {
    const file = await readRegisterCsv(new TextEncoder().encode("\n\nNutzeinheit,Bewohner\n55501001,Anna\n"), 10);
    assert.equal(file.separator, ",");
    assert.deepEqual(file.header, { line: 3, fields: ["Nutzeinheit", "Bewohner"] });
    assert.deepEqual(file.records, [{ line: 4, fields: ["55501001", "Anna"] }]);
  });
});

describe("dates and names as registers write them", () => {
  test("TT.MM.JJJJ, T.M.JJJJ and ISO; impossible days are refused, not rolled over", () => {
    assert.equal(parseDate("15.10.2026"), "2026-10-15");
    assert.equal(parseDate("1.2.2026"), "2026-02-01");
    assert.equal(parseDate("2026-10-15"), "2026-10-15");
    assert.equal(parseDate("29.02.2024"), "2024-02-29");
    for (const bad of ["31.02.2026", "29.02.2026", "2026-13-01", "00.10.2026", "15.10.26", "10/15/2026", "morgen"])
      assert.equal(parseDate(bad), undefined, bad);
    for (const outside of ["31.12.1899", "01.01.2200", "0001-01-01", "9999-12-31"])
      assert.equal(parseDate(outside), undefined, outside);
  });

  test("a route's date is YYYY-MM-DD only, in the calendar and the register's years (issue 44)", () => {
    const cases: Record<string, ReturnType<typeof isoDayProblem>> = {
      "2026-10-15": undefined,
      "1900-01-01": undefined,
      "2199-12-31": undefined,
      "2024-02-29": undefined,
      "15.10.2026": "form",
      "2026-1-01": "form",
      " 2026-10-15": "form",
      x: "form",
      "2026-02-30": "calendar",
      "2026-13-01": "calendar",
      "1899-12-31": "years",
      "0001-01-01": "years",
      "9999-12-31": "years",
    };
    for (const [text, problem] of Object.entries(cases)) assert.equal(isoDayProblem(text), problem, text);
  });

  test("a name in one column: either order, salutation, particles, companies; the full name in natural order", () => {
    const parts = (cell: string) => {
      const p = splitName(cell);
      return [p.name, p.salutation, p.firstName, p.lastName, p.company];
    };
    assert.deepEqual(parts("Müller, Hans-Jürgen"), ["Hans-Jürgen Müller", null, "Hans-Jürgen", "Müller", null]);
    assert.deepEqual(parts("Hans-Jürgen Müller"), ["Hans-Jürgen Müller", null, "Hans-Jürgen", "Müller", null]);
    assert.deepEqual(parts("Frau Änne  Weiß"), ["Änne Weiß", "Frau", "Änne", "Weiß", null]);
    assert.deepEqual(parts("Weiß, Frau Änne"), ["Änne Weiß", "Frau", "Änne", "Weiß", null]);
    assert.deepEqual(parts("Anna Maria von der Heide"), [
      "Anna Maria von der Heide",
      null,
      "Anna Maria",
      "von der Heide",
      null,
    ]);
    assert.deepEqual(parts("Çelik"), ["Çelik", null, null, "Çelik", null]);
    assert.deepEqual(parts("Hansa Wohnen GmbH & Co. KG"), [
      "Hansa Wohnen GmbH & Co. KG",
      null,
      null,
      null,
      "Hansa Wohnen GmbH & Co. KG",
    ]);
  });
});

describe("the rules of a register row", () => {
  const row = (cells: Record<string, string>) => {
    const { columns } = mapHeader(Object.keys(cells));
    return readRow(cellsOfRecord({ line: 2, fields: Object.values(cells) }, columns));
  };
  const problems = (cells: Record<string, string>) => row(cells).problems.map((p) => `${p.column}:${p.message}`);

  test("a unit number is required; details need a name; channels in German or English", () => {
    assert.deepEqual(problems({ Liegenschaft: "Haus A" }), ["mscnumber:unitsApi.row.noNumber"]);
    assert.deepEqual(problems({ Nutzeinheit: "1", Bewohner: "", "E-Mail": "a@b.de", Zustellweg: "E-Mail" }), [
      "resident:unitsApi.row.nameMissing",
    ]);
    assert.deepEqual(problems({ Nutzeinheit: "1", Bewohner: "A", "E-Mail": "a@b.de", Zustellweg: "email" }), []);
    assert.deepEqual(problems({ Nutzeinheit: "1", Bewohner: "A", Zustellweg: "Fax" }), [
      "channel:unitsApi.row.badChannel",
    ]);
    assert.equal(row({ "HV-Nr.": "7", Bewohner: "A", Zustellweg: "Brief", Anschrift: "X" }).tenancy.channel, "post");
  });

  test("name parts win over the one column; the address from its parts; dates read or refused by column", () => {
    const read = row({
      Nutzeinheit: "1",
      Bewohner: "ignoriert",
      Anrede: "Herrn",
      Vorname: "Jörg",
      Nachname: "Weiß",
      Straße: "Schloßstraße 5a",
      PLZ: "24103",
      Ort: "Kiel",
      Einzug: "1.10.2026",
      Auszug: "",
    });
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.tenancy.person, {
      name: "Jörg Weiß",
      salutation: "Herr",
      firstName: "Jörg",
      lastName: "Weiß",
      company: null,
    });
    assert.equal(read.tenancy.postalAddress, "Schloßstraße 5a\n24103 Kiel");
    assert.deepEqual([read.tenancy.moveIn, read.tenancy.moveOut], ["2026-10-01", null]);
    const numbered = row({ Nutzeinheit: "1", Firma: "Hansa KG", Straße: "Weg", Hausnummer: "3", Ort: "Kiel" });
    assert.equal(numbered.tenancy.postalAddress, "Weg 3\nKiel");
    assert.deepEqual(problems({ Nutzeinheit: "1", Bewohner: "A", Straße: "Weg 1", PLZ: "24103" }), [
      "city:unitsApi.row.addressIncomplete",
    ]);
    assert.deepEqual(problems({ Nutzeinheit: "1", Bewohner: "A", Mietbeginn: "31.02.2026", Mietende: "x" }), [
      "moveIn:unitsApi.row.badDate",
      "moveOut:unitsApi.row.badDate",
    ]);
    const vacancy = row({ Nutzeinheit: "1", Bewohner: "", "gültig ab": "2026-10-15" });
    assert.deepEqual([vacancy.problems, vacancy.tenancy.person, vacancy.tenancy.moveIn], [[], null, "2026-10-15"]);
  });

  test("e-mail must be valid and present for the e-mail channel; post needs an address; portal a way to send the link", () => {
    const r = (email: string | null, channel: "email" | "portal" | "post", postalAddress: string | null = null) =>
      residentProblems({ email, channel, postalAddress }).map((p) => `${p.column}:${p.message}`);
    assert.deepEqual(r("kein-at.de", "email"), ["email:unitsApi.row.badEmail"]);
    assert.deepEqual(r(null, "email"), ["email:unitsApi.row.emailMissing"]);
    assert.deepEqual(r(null, "post"), ["postalAddress:unitsApi.row.addressMissing"]);
    assert.deepEqual(r(null, "portal"), ["email:unitsApi.row.portalUnreachable"]);
    assert.deepEqual(r(null, "portal", "Hauptstr. 1\n12345 Berlin"), []);
  });

  test("cells are bounded and free of control characters", () => {
    assert.deepEqual(problems({ Nutzeinheit: "1".repeat(65) }), ["mscnumber:unitsApi.row.tooLong"]);
    assert.deepEqual(problems({ Nutzeinheit: "1", Lage: "EG\u0007links" }), ["label:unitsApi.row.control"]);
  });

  test("the export's formula guard is taken off again, so a round trip keeps the text", () => {
    for (const text of ["-1. OG links", "=Haus", "+49 30 1234", "@home"]) {
      const cell = csvLine([text]).trimEnd();
      assert.equal(cleanCell(cell.startsWith('"') ? cell.slice(1, -1) : cell, "label"), text);
    }
    assert.equal(cleanCell("'Haus", "label"), "'Haus");
    assert.equal(cleanCell("  Hauptstr. 1 \r\n\r\n 12345 Berlin ", "postalAddress"), "Hauptstr. 1\n12345 Berlin");
  });
});
