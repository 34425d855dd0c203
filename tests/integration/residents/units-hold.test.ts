import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { ADMIN } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { put } from "../../support/units";
import { until } from "../../support/until";

/**
 * Issue 47, retention by purpose and a hold: a unit's legal hold ("Rechtsstreit", `PUT`/`DELETE
 * /api/units/{id}/hold`, a manager or admin of its team; support 403, another team 404) stops every erasure of it:
 * the retention's sweep leaves its former resident as they are while another unit's goes, the admin's erasure on
 * request answers 409 `unit_on_hold`, and hand-off records older than PROOF_RETENTION_YEARS are kept for it while
 * another unit's are deleted. Lifted, the erasures apply again. Audited as `unit.hold` / `unit.hold_lifted` with the
 * reason, never a resident's name.
 */

function monthsAgo(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
}
const german = (iso: string) => iso.split("-").reverse().join(".");

const OUT = monthsAgo(15);
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Anschrift;Einzug;Auszug",
  `9501;Haus Linde;Hanna;Haltmann;hanna@example.de;E-Mail;01.12.2009 Mietvertrag §12;;01.01.2010;${german(OUT)}`,
  `9501;Haus Linde;Jonas;Jetzt;jonas@example.de;E-Mail;${german(monthsAgo(14))} Formular;;${german(monthsAgo(14))};`,
  `9502;Haus Linde;Erik;Endemann;erik@example.de;E-Mail;01.12.2009 Mietvertrag §12;;01.01.2010;${german(OUT)}`,
  `9502;Haus Linde;Petra;Present;petra@example.de;E-Mail;${german(monthsAgo(14))} Formular;;${german(monthsAgo(14))};`,
].join("\n");
const REASON = "Rechtsstreit AG Köln 12 C 345/26";

type Hold = { reason: string; by: { id: string; name: string } | null; at: string } | null;
type Tenancy = { id: string; moveOut: string | null; erased: boolean; resident: { name: string } | null };
type Unit = { id: string; mscnumber: string; hold: Hold; tenancies: Tenancy[] };

describe("a unit's legal hold", () => {
  // Former residents are kept 240 months until the restart below shortens it to 12.
  const s = sandboxSuite([], { env: { RESIDENT_RETENTION_MONTHS: "240" } });
  let manager: Person;
  let admin: Session;
  let held: Unit;
  let other: Unit;
  const write = (who: Session, path: string, init: { method: string; json?: unknown }) =>
    api(who, s.server.url, path, { ...init, headers: { origin: s.server.url } });
  const units = async () => {
    const res = await api(manager.session, s.server.url, "/api/units");
    assert.equal(res.status, 200, res.text);
    return new Map((res.body as { units: Unit[] }).units.map((u) => [u.mscnumber, u]));
  };
  const former = (u: Unit) => u.tenancies.find((t) => t.moveOut === OUT)!;
  const handoffsOf = (unitId: string) =>
    sql<{ documentid: string }>(s.server, "SELECT documentid FROM handoffs WHERE unit_id = $1 ORDER BY documentid", [
      unitId,
    ]).then((rows) => rows.map((r) => r.documentid));
  const outcomesOf = (unitId: string) =>
    sql<{ documentid: string }>(
      s.server,
      "SELECT documentid FROM handoff_outcomes WHERE unit_id = $1 ORDER BY documentid",
      [unitId],
    ).then((rows) => rows.map((r) => r.documentid));

  /** A hand-off record and its outcome, `yearsAgo` years back, written as the record keeps them. */
  async function handoff(unit: Unit, documentid: string, yearsAgo: number) {
    const id = randomUUID();
    const at = `now() - make_interval(years => ${yearsAgo})`;
    await sql(
      s.server,
      `INSERT INTO handoffs (id, connection_id, documentid, unit_key, unit_id, channel, state, sha256, at)
       VALUES ($1, $2, $3, $4, $5, 'email', 'sent', 'abc', ${at})`,
      [id, s.connectionId, documentid, `m:${unit.mscnumber}`, unit.id],
    );
    await sql(
      s.server,
      `INSERT INTO handoff_outcomes (id, handoff_id, connection_id, documentid, unit_id, channel, state, at)
       VALUES ($1, $2, $3, $4, $5, 'email', 'sent', ${at})`,
      [randomUUID(), id, s.connectionId, documentid, unit.id],
    );
  }

  before(async () => {
    manager = s.manager;
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const res = await put(manager.session, s.server.url, REGISTER);
    assert.equal(res.status, 200, res.text);
    const register = await units();
    held = register.get("9501")!;
    other = register.get("9502")!;
    for (const u of [held, other]) {
      await handoff(u, `old-${u.mscnumber}`, 11);
      await handoff(u, `new-${u.mscnumber}`, 1);
    }
  });

  test("a manager of the unit's team sets it (a second PUT replaces it); support 403; another team and another team's admin 404", async () => {
    assert.equal(held.hold, null);
    const path = `/api/units/${held.id}/hold`;
    const first = await write(manager.session, path, { method: "PUT", json: { reason: "vorläufig" } });
    assert.equal(first.status, 200, first.text);
    const set = await write(manager.session, path, { method: "PUT", json: { reason: `  ${REASON}  ` } });
    assert.equal(set.status, 200, set.text);
    const hold = set.body.hold as NonNullable<Hold>;
    assert.equal(hold.reason, REASON, "trimmed, and the second reason replaces the first");
    assert.equal(hold.by?.name, "Test manager");
    assert.ok(Date.parse(hold.at) >= Date.parse(first.body.hold.at));
    assert.deepEqual((await units()).get("9501")!.hold, hold, "GET /api/units shows it on the unit");

    for (const reason of ["   ", "x".repeat(501)]) {
      const bad = await write(manager.session, path, { method: "PUT", json: { reason } });
      assert.equal(bad.status, 400, bad.text);
    }
    const support = await makeUser(s.server, "support");
    assert.equal((await write(support.session, path, { method: "PUT", json: { reason: "x" } })).status, 403);
    assert.equal((await write(support.session, path, { method: "DELETE" })).status, 403);
    const stranger = await makeUser(s.server, "manager");
    const missing = await write(stranger.session, `/api/units/${randomUUID()}/hold`, { method: "DELETE" });
    for (const who of [stranger.session, admin]) {
      for (const method of ["PUT", "DELETE"]) {
        const res = await write(who, path, { method, json: method === "PUT" ? { reason: "x" } : undefined });
        assert.equal(res.status, 404, res.text);
        assert.equal(res.text, missing.text, "answered like a missing unit");
      }
    }
    assert.equal((await units()).get("9501")!.hold?.reason, REASON, "the hold stays as the team set it");
  });

  test("the admin's erasure list shows the hold; the erasure on request answers 409 unit_on_hold", async () => {
    const found = await api(admin, s.server.url, "/api/admin/residents?q=Haltmann");
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.residents[0].hold.reason, REASON);
    const refused = await write(admin, `/api/units/${held.id}/resident`, { method: "DELETE" });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error, "unit_on_hold");
    assert.match(refused.body.message, /Rechtsstreit/);
    const english = await api(admin, s.server.url, `/api/units/${held.id}/resident`, {
      method: "DELETE",
      headers: { origin: s.server.url, "accept-language": "en" },
    });
    assert.match(english.body.message, /legal hold/);
    const unit = (await units()).get("9501")!;
    assert.ok(
      unit.tenancies.every((t) => !t.erased),
      "nothing of the unit erased",
    );
    // An import that replaces the register leaves the held unit, though the file leaves it out.
    const others = REGISTER.split("\n").filter((line) => !line.startsWith("9501;"));
    const replaced = await put(manager.session, s.server.url, others.join("\n"), "?replace=1");
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal(replaced.body.deleted, 0, replaced.text);
    assert.ok((await units()).has("9501"));
  });

  test("the retention's sweep leaves the held unit's former resident and hand-off records, and takes another unit's", async () => {
    s.server.env.RESIDENT_RETENTION_MONTHS = "12";
    // The retention's sweep runs at the start.
    await s.server.restart();
    const register = await until(units, (r) => former(r.get("9502")!)?.erased === true, { tries: 100, everyMs: 100 });
    assert.equal(former(register.get("9502")!).resident, null);
    const kept = former(register.get("9501")!);
    assert.deepEqual([kept.erased, kept.resident?.name], [false, "Hanna Haltmann"]);
    await until(
      () => handoffsOf(other.id),
      (docs) => docs.length === 1,
      { tries: 100, everyMs: 100 },
    );
    assert.deepEqual(await handoffsOf(other.id), ["new-9502"], "older than PROOF_RETENTION_YEARS (10): deleted");
    assert.deepEqual(await outcomesOf(other.id), ["new-9502"]);
    assert.deepEqual(await handoffsOf(held.id), ["new-9501", "old-9501"], "the held unit's are kept");
    assert.deepEqual(await outcomesOf(held.id), ["new-9501", "old-9501"]);
    assert.match(s.server.output(), /kept past the retention: their unit is on hold/);
  });

  test("lifted (audited), the erasure on request works and the next sweep takes the rest", async () => {
    const lifted = await write(manager.session, `/api/units/${held.id}/hold`, { method: "DELETE" });
    assert.equal(lifted.status, 200, lifted.text);
    assert.deepEqual(lifted.body, { hold: null });
    assert.equal((await units()).get("9501")!.hold, null);
    const tenancy = former((await units()).get("9501")!);
    const erased = await write(admin, `/api/units/${held.id}/resident?tenancy=${tenancy.id}`, { method: "DELETE" });
    assert.equal(erased.status, 200, erased.text);
    assert.equal(former((await units()).get("9501")!).erased, true);
    // A moved clock runs the sweep again (lib/register/retention.ts): a second later, the session still holds.
    await s.server.moveClock(1000);
    await until(
      () => handoffsOf(held.id),
      (docs) => docs.length === 1,
      { tries: 100, everyMs: 100 },
    );
    assert.deepEqual(await outcomesOf(held.id), ["new-9501"]);

    const events = await sql<{ kind: string; detail: Record<string, unknown> }>(
      s.server,
      "SELECT kind, detail FROM audit_events WHERE kind IN ('unit.hold', 'unit.hold_lifted', 'handoff.retention') ORDER BY id",
    );
    assert.deepEqual(
      events.map((e) => e.kind),
      ["unit.hold", "unit.hold", "handoff.retention", "unit.hold_lifted", "handoff.retention"],
    );
    assert.deepEqual(
      [events[1]!.detail.unit, events[1]!.detail.key, events[1]!.detail.reason],
      [held.id, "m:9501", REASON],
    );
    const text = JSON.stringify(events);
    for (const name of ["Hanna", "Haltmann", "Erik", "hanna@example.de"]) {
      assert.ok(!text.includes(name), `${name} in the audit trail`);
      assert.ok(!s.server.output().includes(name), `${name} in the server's output`);
    }
  });
});
