import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { api, mustSignIn } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { until } from "../../support/until";
import { recordMove } from "../../support/units";

/**
 * Issue 34, personal data stays personal: a former resident's name, addresses and e-mail go
 * RESIDENT_RETENTION_MONTHS after their move-out, however the move-out came in (an import, a move
 * on the page); the tenancy's dates stay, and no name reaches the audit trail or the server's output.
 */

/** `YYYY-MM-DD` of the first day `months` months before this one, and the day before it. */
function monthsAgo(months: number): { first: string; dayBefore: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const before = new Date(first.getTime() - 86_400_000);
  return { first: first.toISOString().slice(0, 10), dayBefore: before.toISOString().slice(0, 10) };
}
const german = (iso: string) => iso.split("-").reverse().join(".");

const OLD = monthsAgo(15);
const RECENT = monthsAgo(3);
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Anschrift;Einzug;Auszug",
  `9101;Haus Ulme;Otto;Uralt;otto@example.de;E-Mail;01.12.2009 Mietvertrag §12;;01.01.2010;${german(OLD.dayBefore)}`,
  `9101;Haus Ulme;Nora;Neu;nora@example.de;E-Mail;${german(OLD.first)} Formular;;${german(OLD.first)};`,
  `9102;Haus Ulme;Rita;Recent;rita@example.de;E-Mail;01.12.2014 Mietvertrag §12;;01.01.2015;${german(RECENT.dayBefore)}`,
  `9102;Haus Ulme;Paul;Jetzt;paul@example.de;E-Mail;${german(RECENT.first)} Formular;;${german(RECENT.first)};`,
].join("\n");

type Tenancy = { id: string; moveIn: string | null; moveOut: string | null; erased: boolean; resident: unknown };
type Unit = { id: string; mscnumber: string; tenancies: Tenancy[] };

describe("the retention of former residents' data", () => {
  const s = suiteServer({ env: { RESIDENT_RETENTION_MONTHS: "12" } });
  let manager: Person;
  const units = async () => {
    const res = await api(manager.session, s.server.url, "/api/units");
    return new Map((res.body as { units: Unit[] }).units.map((u) => [u.mscnumber, u]));
  };
  before(async () => {
    manager = await makeUser(s.server, "manager");
  });

  test("a move-out beyond RESIDENT_RETENTION_MONTHS keeps the dates and loses the person; a recent one keeps both", async () => {
    const put = await api(manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    const register = await units();
    const old = register.get("9101")!.tenancies.at(-1)!;
    assert.deepEqual([old.moveIn, old.moveOut, old.erased, old.resident], ["2010-01-01", OLD.dayBefore, true, null]);
    const recent = register.get("9102")!.tenancies.at(-1)!;
    assert.equal(recent.erased, false);
    assert.equal((recent.resident as { name: string }).name, "Rita Recent");
    const rows = await sql<{ n: number }>(
      s.server,
      "SELECT count(*)::int AS n FROM tenancies WHERE resident_name = 'Otto Uralt' OR resident_email = 'otto@example.de'",
    );
    assert.equal(rows[0]!.n, 0, "no trace of Otto in the table");
  });

  test("a move recorded on the page that ends a tenancy beyond the retention erases it too", async () => {
    const unit = (await units()).get("9102")!;
    const present = unit.tenancies[0]!;
    const back = monthsAgo(14);
    const fix = await api(manager.session, s.server.url, `/api/units/${unit.id}/tenancies/${unit.tenancies[1]!.id}`, {
      method: "PATCH",
      json: { moveOut: back.dayBefore },
    });
    assert.equal(fix.status, 200, fix.text);
    const history = fix.body as Tenancy[];
    assert.equal(history[0]!.id, present.id);
    assert.deepEqual([history[1]!.moveOut, history[1]!.erased, history[1]!.resident], [back.dayBefore, true, null]);
    const audit = JSON.stringify(await sql(s.server, "SELECT kind, detail FROM audit_events"));
    assert.match(audit, /resident\.erase/);
    assert.match(audit, /retention/);
    for (const person of ["Otto", "Uralt", "Rita", "otto@example.de"]) {
      assert.ok(!audit.includes(person), `${person} in the audit trail`);
      assert.ok(!s.server.output().includes(person), `${person} in the server's output`);
    }
  });

  // Last in the file: it moves the server's clock on by more than a year.
  test("a move-out a month back is kept; once RESIDENT_RETENTION_MONTHS have passed on the server's clock, its sweep erases it", async () => {
    const unit = (await units()).get("9102")!;
    await recordMove(manager.session, s.server.url, unit.id, monthsAgo(1).first, {
      firstName: "Lea",
      lastName: "Later",
      email: "lea@example.de",
    });
    const paul = () => units().then((r) => r.get("9102")!.tenancies.find((t) => t.moveOut === monthsAgo(1).dayBefore));
    const before = await paul();
    assert.equal(before?.erased, false, "within the retention");
    assert.equal((before?.resident as { name: string }).name, "Paul Jetzt");
    await s.server.moveClock(13 * 31 * 86_400_000);
    // A session ends within the day: the manager signs in again, a year on.
    manager.session = await mustSignIn(s.server.url, manager.email, manager.password);
    const after = await until(paul, (t) => t?.erased === true, { tries: 100, everyMs: 100 });
    assert.deepEqual([after?.moveOut, after?.erased, after?.resident], [monthsAgo(1).dayBefore, true, null]);
    const kept = (await units()).get("9102")!.tenancies.find((t) => t.moveOut === null);
    assert.equal((kept?.resident as { name: string }).name, "Lea Later", "the present resident stays");
  });
});
