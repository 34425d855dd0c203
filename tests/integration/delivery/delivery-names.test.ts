import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { parseCsv, RECORD_SERVER, seedDeliveryRecords, STATE, type RecordSeed } from "../../support/delivery-record";
import { api, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * Issue 23, "Names everywhere", on support's side (docs/api.md, /api/delivery/...): each record,
 * the CSV and each grid row carry the names of the unit in its owner's register (by mscnumber,
 * else pmnumber), `null` for units no register knows; the property filter of the list, the CSV
 * and the grid; and never a resident's name or e-mail in anything support receives.
 */

// Manager A's register: 000777 by number (with a resident), 000888 by its pmnumber only, a unit
// keyed by 000777's pmnumber in another property (the mscnumber wins), and 000123, which is B's
// document's number, in A's own property.
const REGISTER_A = [
  "Nutzeinheit;HV-Nr.;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung",
  "000777;;Haus Birke;Birkenweg 2, 10115 Berlin;EG links;Jürgen Weiß;juergen.weiss@example.de;E-Mail;01.03.2026 Formular",
  ";PM-000888;Haus Ahorn;Ahornweg 1, 10115 Berlin;1. OG;Erika Mustermann;erika@example.de;E-Mail;01.03.2026 Formular",
  ";PM-000777;Haus Falsch;;;;;;",
  "000123;;Haus Birke;Birkenweg 2, 10115 Berlin;fremd;;;;",
].join("\n");
// Manager B's register names the same numbers in B's own property.
const REGISTER_B = [
  "Nutzeinheit;Liegenschaft;Adresse;Lage;Bewohner;Zustellweg;Anschrift",
  "000123;Haus Zeder;Zedernallee 5;DG;Zora Zeder;Post;Postfach 42, 10999 Berlin",
  "000777;Haus Zeder;Zedernallee 5;EG;;;",
].join("\n");
const BIRKE = { property: "Haus Birke", address: "Birkenweg 2, 10115 Berlin", label: "EG links" };
const AHORN = { property: "Haus Ahorn", address: "Ahornweg 1, 10115 Berlin", label: "1. OG" };
const ZEDER = { property: "Haus Zeder", address: "Zedernallee 5", label: "DG" };
const RESIDENTS = /Jürgen|Weiß|juergen\.weiss|Erika|Mustermann|erika@|Zora|Postfach/;

type Named = { documentid: string; register: unknown };

describe("the register's names on support's record", () => {
  const s = suiteServer(RECORD_SERVER);
  let seed: RecordSeed;
  let support: Session;
  /** Every text support received, to look for residents in at the end. */
  const received: string[] = [];

  const as = async (who: Session, p: string, headers: Record<string, string> = {}) => {
    const res = await api(who, seed.server.url, p, { headers });
    received.push(res.text);
    return res;
  };
  const records = async (query: string) => {
    const res = await as(support, `/api/delivery/documents${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { count: number; records: Named[] };
  };
  const ids = (list: { records: Named[] }) => list.records.map((r) => r.documentid).sort();
  const csv = async (query: string, language = "de") => {
    const res = await as(support, `/api/delivery/export.csv${query}`, { "Accept-Language": language });
    assert.equal(res.status, 200, res.text);
    return parseCsv(res.text.replace(/^\uFEFF/, ""));
  };
  const grid = async (query: string) => {
    const res = await as(support, `/api/delivery/completeness?from=2026-01&to=2026-03&${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.units as { unit: string; register: unknown; cells: unknown[] }[];
  };
  const property = (name: string) => `property=${encodeURIComponent(name)}`;

  before(async () => {
    seed = await seedDeliveryRecords(s);
    support = seed.support.session;
    for (const [who, register] of [
      [seed.a.session, REGISTER_A],
      [seed.b.session, REGISTER_B],
    ] as const) {
      const put = await api(who, seed.server.url, "/api/units", {
        method: "PUT",
        body: register,
        headers: { "content-type": "text/csv" },
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.body.errors, []);
    }
  });

  test("each record names its unit from its owner's register, null when no register knows it", async () => {
    const all = await records("?limit=500");
    assert.equal(all.count, STATE.documents.length);
    const of = (id: string) => all.records.find((r) => r.documentid === id)!.register;
    assert.deepEqual(of("gap-jan"), BIRKE, "by mscnumber, before the unit keyed by its pmnumber");
    assert.deepEqual(of("full-01"), AHORN, "by pmnumber when no unit has its mscnumber");
    assert.deepEqual(of("other-1"), ZEDER, "B's register for B's document, though A's names the same number");
    assert.equal(of("last-month"), null);
    assert.equal(of("formula-0"), null);

    const detail = await as(support, `/api/delivery/documents/${seed.connA}/gap-jan`);
    assert.equal(detail.status, 200, detail.text);
    assert.deepEqual(detail.body.register, BIRKE);
    assert.equal(
      (await as(support, `/api/delivery/documents/${seed.connB}/other-1`)).body.register.property,
      "Haus Zeder",
    );
  });

  test("the property filter: the documents whose unit is in it in their owner's register", async () => {
    assert.deepEqual(
      ids(await records(`?${property("Haus Birke")}`)),
      ["gap-jan", "gap-mar"],
      "not B's 000123, which only A's register puts there",
    );
    assert.deepEqual(
      ids(await records(`?${property("Haus Zeder")}`)),
      ["other-1"],
      "not A's 000777, which only B's register puts there",
    );
    assert.deepEqual(ids(await records(`?${property("Haus Ahorn")}`)), ["full-01", "full-02", "full-03"]);
    assert.equal(
      (await records(`?${property("Haus Falsch")}`)).count,
      0,
      "its pmnumber's documents belong to the unit of their mscnumber",
    );
    assert.equal((await records(`?${property("Niemandsland")}`)).count, 0);
    assert.equal((await records(`?${property("haus birke")}`)).count, 0, "the exact name");

    assert.deepEqual(ids(await records(`?${property("Haus Birke")}&q=gap-jan`)), ["gap-jan"], "with a search");
    assert.equal((await records(`?${property("Haus Birke")}&state=confirmed`)).count, 0, "with a state");
    assert.equal((await records(`?${property("Haus Birke")}&connection=${seed.connB}`)).count, 0, "with a connection");
    const page = await records(`?${property("Haus Ahorn")}&limit=2&offset=2`);
    assert.deepEqual([page.count, page.records.length], [3, 1]);
    const past = await records(`?${property("Haus Ahorn")}&offset=10`);
    assert.deepEqual([past.count, past.records.length], [3, 0]);
    assert.equal((await as(support, `/api/delivery/documents?property=${"x".repeat(201)}`)).status, 400);
  });

  test("CSV: property, address and label after the unit numbers; the property filter applies", async () => {
    const rows = await csv("");
    const header = rows[0]!;
    assert.deepEqual(header.slice(2, 6), ["Nutzeinheiten", "Liegenschaft", "Adresse", "Lage"]);
    const names = (id: string) => rows.find((r) => r[0] === id)!.slice(3, 6);
    assert.deepEqual(names("gap-jan"), [BIRKE.property, BIRKE.address, BIRKE.label]);
    assert.deepEqual(names("other-1"), [ZEDER.property, ZEDER.address, ZEDER.label]);
    assert.deepEqual(names("last-month"), ["", "", ""]);
    assert.deepEqual((await csv("?q=000888", "en"))[0]!.slice(2, 6), [
      "Usage units",
      "Property",
      "Address",
      "Location",
    ]);

    const birke = await csv(`?${property("Haus Birke")}`);
    assert.deepEqual(
      birke
        .slice(1)
        .map((r) => r[0])
        .sort(),
      ["gap-jan", "gap-mar"],
    );
  });

  test("the grid: names on each unit, by property; the register's property as its scope", async () => {
    const units = await grid(`connection=${seed.connA}`);
    assert.deepEqual(
      units.map((u) => [u.unit, (u.register as { property: string } | null)?.property ?? null]),
      [
        ["000888", "Haus Ahorn"],
        ["000777", "Haus Birke"],
        ["55501", null],
      ],
    );
    assert.deepEqual(units[1]!.register, BIRKE);
    const birke = await grid(property("Haus Birke"));
    assert.deepEqual(
      birke.map((u) => [u.unit, u.cells]),
      [["000777", ["arrived", "missing", "arrived"]]],
    );
    assert.deepEqual(
      (await grid(property("Haus Zeder"))).map((u) => [u.unit, u.register]),
      [["000123", ZEDER]],
    );
    assert.deepEqual(
      (await grid(`propertymanagement=HV-9&${property("Haus Ahorn")}`)).map((u) => u.unit),
      ["000888"],
    );
    assert.deepEqual(await grid(`connection=${seed.connB}&${property("Haus Birke")}`), []);
    const none = await as(support, "/api/delivery/completeness?from=2026-01&to=2026-03");
    assert.equal(none.status, 400, "a scope is still required");
  });

  test("the property filter's options: every register's names, once each; support only", async () => {
    const res = await as(support, "/api/delivery/properties");
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, ["Haus Ahorn", "Haus Birke", "Haus Falsch", "Haus Zeder"]);
    assert.equal((await api(seed.a.session, seed.server.url, "/api/delivery/properties")).status, 403);
    assert.equal((await api(null, seed.server.url, "/api/delivery/properties")).status, 401);
  });

  test("no resident's name or e-mail in anything support received", () => {
    assert.ok(received.length > 20, `${received.length} answers`);
    for (const text of received) assert.doesNotMatch(text, RESIDENTS);
  });
});
