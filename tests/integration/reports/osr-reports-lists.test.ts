import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { SANDBOX_CLIENT, control, mustSync, uvi } from "../../support/delivery";
import { suiteServer } from "../../support/suite";
import { recordMove } from "../../support/units";
import { api } from "../../support/session";
import { until } from "../../support/until";

/**
 * Issue 36, the rest: the due and overdue lists on a day the test sets (a month end and public
 * holidays between), units reported after the sync that brought their documents (and their billing
 * unit), reports queued again after a credential fix while another connection goes on, and support's
 * timeline per unit. Against the sandbox over HTTP, with a Basic and an OAuth connection.
 */

const HEAD =
  "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug;Auszug";
const REGISTER = [
  HEAD,
  "9101;000111;Haus Linde;Alma;Alt;alma@example.de;E-Mail;01.03.2026 Formular;;14.12.2025",
  "9101;000111;Haus Linde;Bernd;Neu;bernd@example.de;E-Mail;01.03.2026 Formular;15.12.2025;",
  "9102;000111;Haus Linde;Carla;Früh;carla@example.de;E-Mail;01.03.2026 Formular;;19.03.2026",
  "9102;000111;Haus Linde;Dora;Spät;dora@example.de;E-Mail;01.03.2026 Formular;20.03.2026;",
  "9103;000111;Haus Eiche;Emil;Eiche;emil@example.de;E-Mail;01.03.2026 Formular;01.01.2022;",
  "9201;000111;Haus Linde;Fritz;Fern;fritz@example.de;E-Mail;01.03.2026 Formular;01.01.2023;",
  "9202;;Haus Linde;Greta;Grün;greta@example.de;E-Mail;01.03.2026 Formular;01.01.2023;",
].join("\n");
const NAMES = /Alma|Bernd|Carla|Dora|Emil|Fritz|Greta|example\.de/;

type Report = {
  connectionId: string;
  state: string;
  status?: number;
  retrying: boolean;
  transactionid?: string;
  messages?: { shortmessage: string; message: string }[];
  dueBy?: string;
  overdue: boolean;
};
type Unit = { id: string; mscnumber: string; billingunit: string | null; reports: Report[] };
type Page = { units: Unit[]; openReports: { property: string | null; open: number; due: number; overdue: number }[] };
type Step = { kind: string; reason: string | null; status: number | null; transactionid: string | null };
type Timeline = { unit: { id: string }; connections: { connectionId: string; state: string; events: Step[] }[] };

const PATH = (unit: string) => `/onsiteroles/v2/billingunits/000111/residentialunits/${unit}/on-site-roles`;
const refuse = (unit: string) => ({
  method: "POST",
  path: PATH(unit),
  status: 400,
  body: JSON.stringify({ messages: [{ type: "error", shortmessage: "UNIT_LOCKED", message: "Nutzeinheit gesperrt" }] }),
  times: 2,
});
const LATER = [
  uvi("d-9201", "9201"),
  uvi("d-9202", null, "2026-10", {
    metadata: [
      { reftype: "billingunit", mscnumber: "000222", pmnumber: null, from: null, to: null },
      { reftype: "resident", mscnumber: "9202", pmnumber: "PM-9202", from: "2026-10-01", to: "2026-10-31" },
    ],
  }),
];

describe("on-site-roles reports: lists, later syncs, credential fixes, support's timeline", () => {
  const s = suiteServer({ sandbox: true });
  let manager: Person;
  const connections: string[] = [];
  let client = { ...SANDBOX_CLIENT, services: ["uvi", "dta", "osr"] };
  let documents = ["9101", "9102", "9103"].map((m) => uvi(`d-${m}`, m));
  const putState = async () =>
    assert.equal((await control(s.server, "PUT", "/state", { clients: [client], documents })).status, 204);
  const page = async (query = "") => {
    const res = await api(manager.session, s.server.url, `/api/units?limit=200${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as Page;
  };
  const units = async () => new Map((await page()).units.map((u) => [u.mscnumber, u]));
  /** Until no report is pending or about to be sent again, then the register's units. */
  const settled = () =>
    until(units, (m) => [...m.values()].every((u) => u.reports.every((r) => r.state !== "pending" && !r.retrying)), {
      tries: 200,
      everyMs: 100,
    });
  const timeline = async (who: Person, unitId: string) =>
    api(who.session, s.server.url, `/api/delivery/units/${unitId}/reports`);

  before(async () => {
    await putState();
    manager = await makeUser(s.server, "manager");
    const auths = [
      { auth: { type: "basic", ...SANDBOX_CLIENT.basic } },
      { authUrl: s.server.url, auth: { type: "client_credentials", ...SANDBOX_CLIENT.oauth } },
    ];
    for (const [i, a] of auths.entries()) {
      const body = { name: `c${i}`, service: "uvi", baseUrl: `${s.server.url}/arge`, onSiteRolesUrl: s.server.url };
      const { id } = await addConnection(s.server, manager.session, { ...body, ...a });
      await mustSync(manager.session, s.server.url, id);
      connections.push(id);
    }
    assert.equal((await control(s.server, "PUT", "/faults", [refuse("9101"), refuse("9102")])).status, 204);
    const res = await api(manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: Buffer.from(REGISTER),
      headers: { "content-type": "text/csv" },
    });
    assert.equal(res.status, 200, res.text);
    await settled();
    await control(s.server, "DELETE", "/faults");
  });

  test("due and overdue across a month end and public holidays, on the day the list is asked for", async () => {
    const open = async (day: string) => {
      const p = await page(`&reports=open&day=${day}`);
      return { p, by: new Map(p.units.map((u) => [u.mscnumber, u.reports])) };
    };
    // December 2025 ends on a Wednesday; 1 January is a holiday: Fri 2, Mon 5, Tue 6 January.
    let { p, by } = await open("2026-01-06");
    assert.deepEqual([...by.keys()].sort(), ["9101", "9102"], "refused reports are open; accepted ones are not");
    for (const r of by.get("9101")!) {
      assert.equal(r.state, "rejected");
      assert.deepEqual(r.messages, [{ type: "error", shortmessage: "UNIT_LOCKED", message: "Nutzeinheit gesperrt" }]);
      assert.deepEqual([r.dueBy, r.overdue], ["2026-01-06", false]);
    }
    assert.ok(
      by.get("9102")!.every((r) => r.dueBy === undefined && !r.overdue),
      "a move in March: no deadline in January",
    );
    assert.deepEqual(p.openReports, [{ property: "Haus Linde", open: 2, due: 1, overdue: 0 }]);
    ({ p, by } = await open("2026-01-07"));
    assert.ok(by.get("9101")!.every((r) => r.overdue));
    assert.deepEqual(p.openReports, [{ property: "Haus Linde", open: 2, due: 0, overdue: 1 }]);
    // March 2026 ends on a Tuesday; Good Friday (3 April) and Easter Monday (6 April) are holidays.
    ({ by } = await open("2026-04-02"));
    assert.ok(by.get("9102")!.every((r) => r.dueBy === "2026-04-07" && !r.overdue));
    ({ p, by } = await open("2026-04-08"));
    assert.ok(by.get("9102")!.every((r) => r.overdue));
    assert.deepEqual(p.openReports, [{ property: "Haus Linde", open: 2, due: 0, overdue: 2 }]);
    const bad = await api(manager.session, s.server.url, "/api/units?day=2026-02-30");
    assert.equal(bad.status, 400, "a day the calendar does not have");
  });

  test("a sync that brings a unit's documents reports it once; a billing unit is learnt from a document", async () => {
    let register = await units();
    assert.deepEqual(register.get("9201")!.reports, [], "no documents at any connection yet");
    assert.equal(register.get("9202")!.billingunit, null);
    documents = [...documents, ...LATER];
    await putState();
    for (const id of connections) await mustSync(manager.session, s.server.url, id);
    register = await settled();
    assert.equal(register.get("9202")!.billingunit, "000222", "learnt from the document's billing unit");
    for (const m of ["9201", "9202"])
      assert.deepEqual(
        register
          .get(m)!
          .reports.map((r) => [r.connectionId, r.state])
          .sort(),
        connections.map((c) => [c, "accepted"]).sort(),
        m,
      );
    for (const id of connections) await mustSync(manager.session, s.server.url, id);
    const steps = ((await timeline(manager, register.get("9201")!.id)).body as Timeline).connections;
    for (const c of steps)
      assert.deepEqual(
        c.events.map((e) => [e.kind, e.reason]),
        [
          ["queued", "sync"],
          ["sent", null],
          ["accepted", null],
        ],
        "queued once, by the first sync that linked it",
      );
  });

  test("credentials refused (401): queued again after the fix and accepted; the other connection goes on", async () => {
    client = { ...client, basic: { ...client.basic, password: "sandbox-basic-secret-2" } };
    await putState();
    const unit = (await units()).get("9103")!;
    await recordMove(manager.session, s.server.url, unit.id, "2026-11-01", {
      firstName: "Hanna",
      lastName: "Hell",
      email: "hanna@example.de",
    });
    let reports = new Map((await settled()).get("9103")!.reports.map((r) => [r.connectionId, r]));
    assert.deepEqual([reports.get(connections[0]!)!.state, reports.get(connections[0]!)!.status], ["rejected", 401]);
    assert.equal(reports.get(connections[1]!)!.state, "accepted", "a refusing connection holds up no other");
    const fix = await api(manager.session, s.server.url, `/api/connections/${connections[0]}`, {
      method: "PATCH",
      json: { auth: { type: "basic", username: client.basic.username, password: client.basic.password } },
    });
    assert.equal(fix.status, 200, fix.text);
    reports = new Map((await settled()).get("9103")!.reports.map((r) => [r.connectionId, r]));
    assert.equal(reports.get(connections[0]!)!.state, "accepted");
    assert.ok(reports.get(connections[0]!)!.transactionid);
    const steps = ((await timeline(manager, unit.id)).body as Timeline).connections.find(
      (c) => c.connectionId === connections[0],
    )!.events;
    assert.deepEqual(
      steps.slice(-6).map((e) => [e.kind, e.reason, e.status]),
      [
        ["queued", "change", null],
        ["sent", null, null],
        ["rejected", null, 401],
        ["queued", "credentials", null],
        ["sent", null, null],
        ["accepted", null, 200],
      ],
    );
  });

  test("support reads every unit's timeline and the reported units; no resident's name; another manager gets 404", async () => {
    const support = await makeUser(s.server, "support");
    const other = await makeUser(s.server, "manager");
    const unit = (await units()).get("9101")!;
    const read = await timeline(support, unit.id);
    assert.equal(read.status, 200, read.text);
    const body = read.body as Timeline;
    assert.equal(body.unit.id, unit.id);
    assert.deepEqual(body.connections.map((c) => c.connectionId).sort(), [...connections].sort());
    for (const c of body.connections) {
      assert.equal(c.state, "rejected");
      assert.deepEqual(
        c.events.map((e) => e.kind),
        ["queued", "sent", "rejected"],
      );
    }
    assert.doesNotMatch(read.text, NAMES, "units, connections, states and codes only");
    assert.equal((await timeline(other, unit.id)).status, 404, "another register's unit: as if missing");
    assert.equal((await timeline(other, "00000000-0000-4000-8000-000000000000")).status, 404);
    const list = await api(support.session, s.server.url, "/api/delivery/reports?state=rejected&q=91");
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      (list.body as { units: { mscnumber: string }[] }).units.map((u) => u.mscnumber),
      ["9101", "9102"],
    );
    assert.doesNotMatch(list.text, NAMES);
    assert.equal((await api(manager.session, s.server.url, "/api/delivery/reports")).status, 403);
  });
});
