import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { uvi } from "../../support/delivery";
import { api, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 23, "Names everywhere": the inbox groups by the register's property, then unit, with the
 * register's label and resident; units the register does not know come last, as "not assigned"
 * (`register: null`); the property filter shows one property's units; another user's register
 * never names this user's documents.
 */

type Group = {
  unit: string | null;
  label: string | null;
  total: number;
  before: number;
  documents: { documentid: string }[];
  register: {
    property: string | null;
    address: string | null;
    resident: { name: string; channel: string } | null;
  } | null;
};

const put = (who: Session, base: string, csv: string) =>
  api(who, base, "/api/units", { method: "PUT", body: csv, headers: { "content-type": "text/csv" } });

describe("the inbox by property", () => {
  const s = sandboxSuite(
    [uvi("u-1", "7001"), uvi("u-2", "7002"), uvi("u-3", "7003"), uvi("u-4", "7002", "2026-09"), uvi("u-5", null)],
    { synced: true },
  );
  let other: Person;
  before(async () => {
    other = await makeUser(s.server, "manager");
  });
  const inbox = async (query = "") => {
    const res = await api(s.manager.session, s.server.url, `/api/inbox${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { units: number; documents: number; register: boolean; properties: string[]; groups: Group[] };
  };

  test("without a register the units stand in number order, none assigned", async () => {
    const body = await inbox();
    assert.equal(body.register, false);
    assert.deepEqual(body.properties, []);
    assert.deepEqual(
      body.groups.map((g) => g.unit),
      ["7001", "7002", "7003", null],
    );
    assert.ok(body.groups.every((g) => g.register === null));
  });

  test("with a register: by property, then unit, the register's names; units it does not know last", async () => {
    // Another user's register names the same numbers: it must never reach this user's inbox.
    assert.equal(
      (await put(other.session, s.server.url, "Nutzeinheit;Liegenschaft;Lage\n7003;Fremdes Haus;fremd\n")).status,
      200,
    );
    const csv = [
      "Nutzeinheit;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung",
      "7001;Haus Birke;Birkenweg 2, 10115 Berlin;EG links;Jürgen Weiß;j@example.de;E-Mail;01.03.2026 Formular",
      "7002;Haus Ahorn;Ahornweg 1, 10115 Berlin;1. OG;;;;",
    ].join("\n");
    assert.equal((await put(s.manager.session, s.server.url, csv)).status, 200);
    const body = await inbox();
    assert.equal(body.register, true);
    assert.deepEqual(body.properties, ["Haus Ahorn", "Haus Birke"]);
    assert.equal(body.units, 4);
    assert.deepEqual(
      body.groups.map((g) => [g.unit, g.register?.property ?? null, g.label]),
      [
        ["7002", "Haus Ahorn", "1. OG"],
        ["7001", "Haus Birke", "EG links"],
        ["7003", null, null],
        [null, null, null],
      ],
    );
    assert.deepEqual(body.groups[1]!.register, {
      property: "Haus Birke",
      address: "Birkenweg 2, 10115 Berlin",
      resident: { name: "Jürgen Weiß", channel: "email" },
      vacant: false,
    });
    assert.equal(body.groups[0]!.register?.resident, null);
    assert.equal(body.groups[2]!.register, null, "another user's register does not name this user's unit");
  });

  test("paging follows that order, and the property filter shows one property's units", async () => {
    // Pages hold documents: 7002's two (u-2, u-4), then 7001's u-1; the second page of two begins inside 7002.
    const page = await inbox("?limit=2&offset=1");
    assert.equal(page.units, 4);
    assert.deepEqual(
      page.groups.map((g) => [g.unit, g.total, g.before, g.documents.map((d) => d.documentid)]),
      [
        ["7002", 2, 1, ["u-4"]],
        ["7001", 1, 0, ["u-1"]],
      ],
    );
    const ahorn = await inbox(`?property=${encodeURIComponent("Haus Ahorn")}`);
    assert.equal(ahorn.units, 1);
    assert.equal(ahorn.documents, 2);
    assert.deepEqual(
      ahorn.groups.map((g) => g.unit),
      ["7002"],
    );
    assert.equal((await inbox("?property=Niemandsland")).units, 0);
  });
});
