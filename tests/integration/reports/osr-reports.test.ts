import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { SANDBOX_CLIENT, control, liftHold, mustSync, requestsLog, uvi } from "../../support/delivery";
import { sql } from "../../support/database";
import { suiteServer } from "../../support/suite";
import { recordMove } from "../../support/units";
import { api } from "../../support/session";
import { until } from "../../support/until";
import { dueBy } from "@/lib/onsite-roles/due";

/**
 * Issue 36: every change of a unit's tenancies is reported to each reporting connection as the
 * unit's whole state (on-site-roles v2), once; against the sandbox over HTTP, with two connections
 * (Basic and OAuth) of one provider account. A provider's refusal shows its messages; an answer
 * that never came (503) is sent again and ends accepted once.
 */

const HEAD = "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Zustimmung;Einzug;Auszug";
const FIRST = [
  HEAD,
  "9001;000111;Haus Linde;Erika;Weiß;erika@example.de;E-Mail;01.03.2026 Formular;01.03.2024;",
  "9002;000111;Haus Linde;Anna;Alt;anna@example.de;E-Mail;01.03.2026 Formular;01.01.2020;",
  "9003;000111;Haus Linde;Karl;Leer;karl@example.de;E-Mail;01.03.2026 Formular;01.01.2015;",
  "9004;;Haus Linde;Otto;Ohne;otto@example.de;E-Mail;01.03.2026 Formular;01.01.2019;",
  "9005;000111;Haus Linde;Hans;Groß;hans@example.de;E-Mail;01.03.2026 Formular;01.03.2024;30.06.2027",
].join("\n");
/** A move (9002), a vacancy (9003), a corrected move-out (9005), a change of a unit without billing unit (9004). */
const SECOND = [
  HEAD,
  "9001;000111;Haus Linde;Erika;Weiß;erika@example.de;E-Mail;01.03.2026 Formular;01.03.2024;",
  "9002;000111;Haus Linde;Anna;Alt;anna@example.de;E-Mail;01.03.2026 Formular;01.01.2020;31.10.2026",
  "9002;000111;Haus Linde;Jörg;Neumann;joerg@example.de;E-Mail;01.03.2026 Formular;01.11.2026;",
  "9003;000111;Haus Linde;Karl;Leer;karl@example.de;E-Mail;01.03.2026 Formular;01.01.2015;31.08.2026",
  "9003;000111;Haus Linde;;;;;;01.09.2026;",
  "9004;;Haus Linde;Otto;Ohne;otto.ohne@example.de;E-Mail;01.03.2026 Formular;01.01.2019;",
  "9005;000111;Haus Linde;Hans;Groß;hans@example.de;E-Mail;01.03.2026 Formular;01.03.2024;31.05.2027",
].join("\n");

type Report = {
  connectionId: string;
  state: string;
  transactionid?: string;
  messages?: { shortmessage: string }[];
  dueBy?: string;
  overdue: boolean;
};
type Unit = { id: string; mscnumber: string; reports: Report[]; tenancies: { id: string }[] };
type Accepted = { unit: string; state: Record<string, unknown[]> & Record<string, unknown> };
const today = () =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", dateStyle: "short" }).format(new Date());
const PATH = (unit: string) => `/onsiteroles/v2/billingunits/000111/residentialunits/${unit}/on-site-roles`;

describe("on-site-roles reports of the register's changes", () => {
  const s = suiteServer({ sandbox: true });
  let manager: Person;
  const connections: string[] = [];
  const units = async () => {
    const res = await api(manager.session, s.server.url, "/api/units?limit=200");
    assert.equal(res.status, 200, res.text);
    return new Map((res.body as { units: Unit[] }).units.map((u) => [u.mscnumber, u]));
  };
  const importFile = async (csv: string) => {
    const res = await api(manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: Buffer.from(csv),
      headers: { "content-type": "text/csv" },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual((res.body as { errors: unknown[] }).errors, []);
  };
  /** Until no report is pending or unknown, then the register's units. */
  const settled = () =>
    until(
      units,
      (m) => [...m.values()].every((u) => u.reports.every((r) => r.state !== "pending" && r.state !== "unknown")),
      { tries: 200, everyMs: 100 },
    );
  const posts = <R extends { method: string; path: string }>(log: R[], unit: string) =>
    log.filter((r) => r.method === "POST" && r.path === PATH(unit));
  const accepted = async () =>
    new Map(
      ((await control(s.server, "GET", "/onsiteroles")).body as { units: Accepted[] }).units.map((u) => [u.unit, u]),
    );

  before(async () => {
    const docs = ["9001", "9002", "9003", "9004", "9005"].map((m) => uvi(`d-${m}`, m));
    const state = { clients: [{ ...SANDBOX_CLIENT, services: ["uvi", "dta", "osr"] }], documents: docs };
    assert.equal((await control(s.server, "PUT", "/state", state)).status, 204);
    manager = await makeUser(s.server, "manager");
    const auths = [
      { baseUrl: `${s.server.url}/arge`, auth: { type: "basic", ...SANDBOX_CLIENT.basic } },
      {
        baseUrl: `${s.server.url}/arge`,
        authUrl: s.server.url,
        auth: { type: "client_credentials", ...SANDBOX_CLIENT.oauth },
      },
    ];
    for (const [i, a] of auths.entries()) {
      const { id } = await addConnection(s.server, manager.session, {
        name: `c${i}`,
        service: "uvi",
        onSiteRolesUrl: s.server.url,
        ...a,
      });
      await mustSync(manager.session, s.server.url, id);
      connections.push(id);
    }
    await importFile(FIRST);
    await settled();
  });

  test("the first import reports every unit with a billing unit to each connection; none without", async () => {
    const register = await settled();
    for (const m of ["9001", "9002", "9003", "9005"])
      assert.deepEqual(
        register
          .get(m)!
          .reports.map((r) => [r.connectionId, r.state])
          .sort(),
        connections.map((c) => [c, "accepted"]).sort(),
        m,
      );
    assert.deepEqual(register.get("9004")!.reports, [], "no billing unit: not reported");
    const log = await requestsLog(s.server);
    assert.deepEqual(
      posts(log, "9001")
        .map((r) => r.auth)
        .sort(),
      ["basic", "bearer"],
    );
    assert.equal(posts(log, "9004").length, 0);
  });

  test("a move, a vacancy and a correction: one report per changed unit and connection, each the whole history", async () => {
    const before = (await requestsLog(s.server)).length;
    await importFile(SECOND);
    const register = await settled();
    const log = (await requestsLog(s.server)).slice(before);
    for (const m of ["9002", "9003", "9005"]) {
      assert.deepEqual(
        posts(log, m)
          .map((r) => [r.auth, r.status])
          .sort(),
        [
          ["basic", 200],
          ["bearer", 200],
        ],
        m,
      );
      assert.ok(
        register.get(m)!.reports.every((r) => r.state === "accepted" && r.transactionid),
        m,
      );
    }
    assert.equal(posts(log, "9001").length, 0, "an unchanged unit is not reported");
    const sent = await accepted();
    const moved = sent.get("9002")!.state;
    assert.deepEqual(
      (moved.consumptioninformationcontracts as { validfrom: string; validto: string | null }[]).map((c) => [
        c.validfrom,
        c.validto,
      ]),
      [
        ["2020-01-01", "2026-10-31"],
        ["2026-11-01", null],
      ],
    );
    assert.deepEqual(
      (moved.partners as { name: string; firstname: string }[]).map((p) => `${p.firstname} ${p.name}`).sort(),
      ["Anna Alt", "Jörg Neumann"],
    );
    assert.doesNotMatch(JSON.stringify(moved), /example\.de|E-Mail/, "no e-mail or channel leaves the register");
    const vacancy = sent.get("9003")!.state;
    assert.deepEqual(vacancy.billingcontracts!.at(-1), {
      validfrom: "2026-09-01",
      validto: null,
      vacancy: true,
      billingrecipient: { owner: true },
    });
    assert.equal(vacancy.consumptioninformationcontracts!.length, 1, "no consumption information for the vacancy");
    assert.equal((sent.get("9005")!.state.billingcontracts![0] as { validto: string }).validto, "2027-05-31");
  });

  test("the same file again reports nothing", async () => {
    const [mark] = await sql<{ at: string }>(s.server, "SELECT max(updated_at)::text AS at FROM osr_reports");
    await importFile(SECOND);
    // Reports are queued in the import's own transaction: none queued by now means none at all.
    const [queued] = await sql<{ n: number }>(
      s.server,
      "SELECT count(*)::int AS n FROM osr_reports WHERE state <> 'accepted' OR updated_at > $1::timestamptz",
      [mark!.at],
    );
    assert.equal(queued!.n, 0, "nothing queued by the import");
  });

  test("a refused report shows the provider's messages, is not sent again, and is listed as due", async () => {
    const rule = {
      method: "POST",
      path: PATH("9001"),
      status: 400,
      body: JSON.stringify({
        messages: [{ type: "error", shortmessage: "PERIOD_OVERLAP", message: "billingcontracts.1" }],
      }),
      times: 2,
    };
    assert.equal((await control(s.server, "PUT", "/faults", [rule])).status, 204);
    const unit = (await units()).get("9001")!;
    await recordMove(manager.session, s.server.url, unit.id, "2026-10-15", {
      firstName: "Nina",
      lastName: "Neu",
      email: "nina@example.de",
    });
    const reports = (await settled()).get("9001")!.reports;
    const due = dueBy("2026-10-15");
    for (const r of reports) {
      assert.equal(r.state, "rejected");
      assert.deepEqual(
        r.messages?.map((m) => m.shortmessage),
        ["PERIOD_OVERLAP"],
      );
      assert.equal(r.dueBy, due, "October has ended: due by its third working day after");
      assert.equal(r.overdue, today() > due, "overdue once the day has passed");
    }
    const open = await api(manager.session, s.server.url, "/api/units?reports=open");
    assert.deepEqual(
      (open.body as { units: Unit[] }).units.map((u) => u.mscnumber),
      ["9001"],
    );
    const [row] = await sql<{ n: number }>(
      s.server,
      "SELECT count(*)::int AS n FROM osr_reports WHERE state = 'rejected' AND next_attempt_at IS NULL",
    );
    assert.equal(row!.n, 2, "a refused report waits for the unit's next change");
    await control(s.server, "DELETE", "/faults");
  });

  test("no answer (503): sent again with backoff, and accepted once", async () => {
    const rule = { method: "POST", path: PATH("9003"), status: 503, times: 1 };
    assert.equal((await control(s.server, "PUT", "/faults", [rule])).status, 204);
    const before = (await requestsLog(s.server)).length;
    const [mark] = await sql<{ id: string }>(s.server, "SELECT coalesce(max(id), 0)::text AS id FROM audit_events");
    const unit = (await units()).get("9003")!;
    await recordMove(manager.session, s.server.url, unit.id, "2026-12-01", {
      firstName: "Paul",
      lastName: "Später",
      email: "paul@example.de",
    });
    const isUnknown = (m: Map<string, Unit>) => m.get("9003")!.reports.some((r) => r.state === "unknown");
    assert.ok(isUnknown(await until(units, isUnknown)), "unknown after the 503 until its back-off passes on the clock");
    await s.server.moveClock(5_000);
    const register = await settled();
    assert.ok(register.get("9003")!.reports.every((r) => r.state === "accepted"));
    const log = posts((await requestsLog(s.server)).slice(before), "9003");
    assert.deepEqual(log.map((r) => r.status).sort(), [200, 200, 503]);
    const events = await sql<{ state: string; superseded: boolean; actor: string; detail: string }>(
      s.server,
      "SELECT detail->>'state' AS state, (detail->'superseded')::boolean AS superseded, actor, detail::text AS detail FROM audit_events WHERE kind = 'osr.report' AND detail->>'unit' = $1 AND id > $2::bigint ORDER BY id",
      [unit.id, mark!.id],
    );
    assert.deepEqual(events.map((e) => e.state).sort(), ["accepted", "accepted", "unknown"], "each accepted once");
    // Written with its outcome, in one statement: nothing superseded here, by the system, naming no person.
    assert.ok(events.every((e) => e.superseded === false && e.actor === "system" && !e.detail.includes("Später")));
  });

  test("a change while its report is out: that answer is recorded as superseded, and the new state is accepted", async () => {
    // Held at the provider until the change is made: the answers then are for a state no longer current.
    const rule = { method: "POST", path: PATH("9001"), hold: "post", times: 2 };
    assert.equal((await control(s.server, "PUT", "/faults", [rule])).status, 204);
    const [mark] = await sql<{ id: string }>(s.server, "SELECT coalesce(max(id), 0)::text AS id FROM audit_events");
    const unit = (await units()).get("9001")!;
    const move = (moveIn: string, lastName: string) =>
      recordMove(manager.session, s.server.url, unit.id, moveIn, {
        firstName: "Lena",
        lastName,
        email: "l@example.de",
      });
    await move("2026-12-01", "Früh");
    const out = "SELECT count(*)::int AS n FROM osr_reports WHERE unit_id = $1 AND claimed_by IS NOT NULL";
    await until(
      () => sql<{ n: number }>(s.server, out, [unit.id]),
      (r) => r[0]!.n === connections.length,
      { tries: 100 },
    );
    await move("2027-01-01", "Spät");
    await liftHold(s.server, "post");
    const register = await settled();
    assert.ok(register.get("9001")!.reports.every((r) => r.state === "accepted"));
    const events = await sql<{ state: string; superseded: boolean }>(
      s.server,
      "SELECT detail->>'state' AS state, (detail->'superseded')::boolean AS superseded FROM audit_events WHERE kind = 'osr.report' AND detail->>'unit' = $1 AND id > $2::bigint ORDER BY id",
      [unit.id, mark!.id],
    );
    const superseded = events.filter((e) => e.superseded).length;
    assert.equal(superseded, connections.length, JSON.stringify(events));
    assert.equal(events.filter((e) => !e.superseded && e.state === "accepted").length, connections.length);
    const sent = (await accepted()).get("9001")!.state;
    assert.match(JSON.stringify(sent.partners), /Spät/, "the provider holds the state after the change");
  });
});
