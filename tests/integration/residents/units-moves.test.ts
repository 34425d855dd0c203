import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { counts, list, put } from "../../support/units";

/**
 * Issue 44: a move ("Mieterwechsel erfassen", `POST /api/units/{id}/tenancies`) and a correction of dates
 * (`PATCH .../tenancies/{tenancyId}`) refuse what the import refuses, over HTTP: a text with a line break,
 * a control or a bidi character (a postal address keeps its line breaks), a date that is not `YYYY-MM-DD`,
 * not in the calendar or outside the register's years. Each is a 400 naming the field, never a 500, and
 * stores nothing; the export of a register after valid moves imports again unchanged.
 */

const REGISTER = [
  "Nutzeinheit;Liegenschaft;Anrede;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug",
  "8801;Haus Linde;Frau;Anna;Alt;anna@example.de;E-Mail;01.12.2019 Mietvertrag §12;01.01.2020",
].join("\n");

const BAD_DAYS: [string, RegExp][] = [
  ["x", /JJJJ-MM-TT/],
  ["2026-1-01", /JJJJ-MM-TT/],
  ["2026-02-30", /Dieses Datum gibt es nicht/],
  ["0001-01-01", /1900 bis 2199/],
  ["9999-12-31", /1900 bis 2199/],
];
const CONTROL_WORDS = /Steuer-, Tabulator-, Zeilenumbruch- oder Richtungszeichen/;

type Field = { path: string; message: string };

describe("the unit register: what a move and a correction refuse", () => {
  const s = suiteServer();
  let manager: Person;
  let unitId: string;
  const unit = async () => (await list(manager.session, s.server.url)).units.find((u) => u.mscnumber === "8801")!;
  const move = (json: unknown, headers: Record<string, string> = {}) =>
    api(manager.session, s.server.url, `/api/units/${unitId}/tenancies`, { method: "POST", json, headers });
  const consent = { at: "2026-09-20", reference: "Formular" };
  const resident = { firstName: "Bernd", lastName: "Neu", email: "bernd@example.de", channel: "email", consent };
  /** A 400 whose only field is `path`, with a message matching `message`. */
  function refused(res: { status: number; body: { fields?: Field[] }; text: string }, path: string, message: RegExp) {
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(
      res.body.fields?.map((f) => f.path),
      [path],
      res.text,
    );
    assert.match(res.body.fields![0]!.message, message);
  }

  before(async () => {
    manager = await makeUser(s.server, "manager");
    const imported = await put(manager.session, s.server.url, REGISTER);
    assert.equal(imported.status, 200, imported.text);
    unitId = (await unit()).id;
  });

  test("a salutation, name part or consent with a line break, a tab or a bidi override is a 400 naming it; nothing is stored", async () => {
    const before = await unit();
    const cases: [Record<string, unknown>, string][] = [
      [{ salutation: "Herr\r\nDr." }, "resident.salutation"],
      [{ salutation: "Herr \u202eDr." }, "resident.salutation"],
      [{ consent: { at: "2026-10-02", reference: "Formular\r\nAz. 17" } }, "resident.consent.reference"],
      [{ consent: { at: "2026-10-02", reference: "Formular \u2066Az. 17" } }, "resident.consent.reference"],
      [{ company: "Neu\tGmbH" }, "resident.company"],
      [{ lastName: "Neu\u0085" }, "resident.lastName"],
      [{ channel: "post", postalAddress: "Weg 1\u2028 12345 Ort" }, "resident.postalAddress"],
    ];
    for (const [change, path] of cases)
      refused(await move({ moveIn: "2026-10-01", resident: { ...resident, ...change } }), path, CONTROL_WORDS);
    assert.deepEqual(await unit(), before);
  });

  test("a move to e-mail or the portal without the resident's written agreement is a 400 naming it; nothing is stored", async () => {
    const before = await unit();
    const { consent: _none, ...asked } = resident;
    for (const channel of ["email", "portal"]) {
      const res = await move({ moveIn: "2026-10-01", resident: { ...asked, channel } });
      refused(res, "resident.consent", /Einwilligung/);
    }
    refused(
      await move({ moveIn: "2026-10-01", resident: { ...asked } }, { "accept-language": "en" }),
      "resident.consent",
      /consent/,
    );
    refused(
      await move({ moveIn: "2026-10-01", resident: { ...resident, consent: { at: "x" } } }),
      "resident.consent.at",
      /JJJJ-MM-TT/,
    );
    assert.deepEqual(await unit(), before);
  });

  test("an edit to the portal needs the resident's written agreement for it: without one a 400 naming it", async () => {
    const path = `/api/units/${unitId}`;
    const edit = (resident: unknown) =>
      api(manager.session, s.server.url, path, { method: "PATCH", json: { resident } });
    // Anna agreed to e-mail, not to the portal.
    refused(await edit({ channel: "portal" }), "resident.consent", /Einwilligung/);
    const agreed = await edit({ channel: "portal", consent: { at: "2026-11-02", reference: "Formular" } });
    assert.equal(agreed.status, 200, agreed.text);
    assert.deepEqual(
      [agreed.body.resident.channel, agreed.body.resident.consent],
      ["portal", { channel: "portal", at: "2026-11-02T00:00:00.000Z", how: "written", reference: "Formular" }],
    );
  });

  test("a move-in or move-out that is no register day is a 400 naming it, German and English; nothing is stored", async () => {
    const before = await unit();
    for (const [day, message] of BAD_DAYS) {
      refused(await move({ moveIn: day, resident }), "moveIn", message);
      refused(await move({ moveIn: "2026-10-01", previousMoveOut: day, resident }), "previousMoveOut", message);
      const path = `/api/units/${unitId}/tenancies/${before.tenancies[0]!.id}`;
      for (const field of ["moveIn", "moveOut"])
        refused(
          await api(manager.session, s.server.url, path, { method: "PATCH", json: { [field]: day } }),
          field,
          message,
        );
    }
    refused(await move({ moveIn: "9999-12-31", resident }, { "accept-language": "en" }), "moveIn", /1900 to 2199/);
    refused(await move({ moveIn: "2026-1-01", resident }, { "accept-language": "en" }), "moveIn", /YYYY-MM-DD/);
    assert.deepEqual(await unit(), before);
  });

  test("valid moves and a correction are taken; the register's export then imports unchanged", async () => {
    const first = await move({
      moveIn: "2026-10-01",
      resident: { ...resident, salutation: "Herr", consent: { at: "2026-10-02", reference: "Formular Az. 17" } },
    });
    assert.equal(first.status, 201, first.text);
    const letter = await move({
      moveIn: "2199-12-01",
      previousMoveOut: "2199-11-30",
      resident: {
        salutation: "Frau",
        lastName: "Post",
        company: "Post & Söhne GmbH",
        channel: "post",
        postalAddress: "Weg 3\r\n12345 Ort",
      },
    });
    assert.equal(letter.status, 201, letter.text);
    const fix = await api(manager.session, s.server.url, `/api/units/${unitId}/tenancies/${letter.body[0].id}`, {
      method: "PATCH",
      json: { moveOut: "2199-12-31" },
    });
    assert.equal(fix.status, 200, fix.text);
    const history = (await unit()).tenancies;
    assert.deepEqual(
      history.map((t) => [t.moveIn, t.moveOut, t.resident?.salutation, t.resident?.postalAddress]),
      [
        ["2199-12-01", "2199-12-31", "Frau", "Weg 3\n12345 Ort"],
        ["2026-10-01", "2199-11-30", "Herr", null],
        ["2020-01-01", "2026-09-30", "Frau", null],
      ],
    );
    const exported = await fetch(`${s.server.url}/api/units/export.csv`, {
      headers: { cookie: manager.session.cookie },
    });
    assert.equal(exported.status, 200);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    // The written agreement recorded with the move goes out after the channel, as the import reads it back.
    assert.match(
      new TextDecoder().decode(bytes),
      /;Bernd;Neu;;bernd@example\.de;E-Mail;02\.10\.2026 Formular Az\. 17;/,
    );
    const again = await put(manager.session, s.server.url, bytes);
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(counts(again.body), { rows: 3, created: 0, updated: 0, unchanged: 1, deleted: 0, errors: [] });
  });
});
