import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { SANDBOX_CLIENT, control, mustSync, uvi } from "../../support/delivery";
import { sql } from "../../support/database";
import { suiteServer } from "../../support/suite";
import { api } from "../../support/session";
import { until } from "../../support/until";

/**
 * Issue 50, "reports that providers accept", over HTTP against the sandbox's on-site-roles v2: a
 * resident without a move-in is reported from the start of the unit's oldest document (or the
 * register's "Bestand seit"), never from the day of the report, so a move-out in between is
 * accepted; older documents, a new "Bestand seit" and a restart after a state sent the old way report
 * the unit again; a refusal is explained in German on the register's page with its code, and the
 * server writes a WARN line with the code and no name.
 */

const HEAD =
  "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug;Auszug";
const REGISTER = [
  HEAD,
  "9101;000222;Haus Eiche;Anna;Alt;anna@example.de;E-Mail;01.03.2026 Formular;;",
  "9102;000222;Haus Eiche;Berta;Bestand;berta@example.de;E-Mail;01.03.2026 Formular;;",
  "9103;000222;Haus Eiche;Otto;Ober;otto@example.de;E-Mail;01.03.2026 Formular;;",
  "9104;000222;Haus Eiche;Nina;Nirgends;nina@example.de;E-Mail;01.03.2026 Formular;;",
  "9105;000222;Haus Eiche;Karl;Klar;karl@example.de;E-Mail;01.03.2026 Formular;01.03.2020;",
].join("\n");
/** A document of 9104 whose reference names no period: the unit has documents, but no date to stand behind. */
const UNDATED = {
  ...uvi("d-9104", "9104"),
  metadata: [{ reftype: "resident", mscnumber: "9104", pmnumber: null, from: null, to: null }],
  content: { base64: Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64") },
};
const DOCUMENTS = [
  uvi("d-9101-09", "9101", "2026-09"),
  uvi("d-9101-10", "9101", "2026-10"),
  uvi("d-9102-10", "9102", "2026-10"),
  uvi("d-9103-10", "9103", "2026-10"),
  UNDATED,
  uvi("d-9105-10", "9105", "2026-10"),
];
const CLIENT = { ...SANDBOX_CLIENT, services: ["uvi", "dta", "osr"] };
const PATH = (unit: string) => `/onsiteroles/v2/billingunits/000222/residentialunits/${unit}/on-site-roles`;

type Report = { connectionId: string; state: string; messages?: { shortmessage: string; message: string }[] };
type Unit = {
  id: string;
  mscnumber: string;
  reports: Report[];
  tenancies: { id: string; moveIn: string | null }[];
  unknownMoveIn?: { tenancyId: string; since: string | null; basis: string | null };
};
type Contract = { validfrom: string; validto: string | null };
type Accepted = { unit: string; state: { billingcontracts: Contract[]; consumptioninformationcontracts: Contract[] } };

const periods = (list: Contract[]) => list.map((c) => [c.validfrom, c.validto]);

describe("on-site-roles reports that providers accept", () => {
  const s = suiteServer({ sandbox: true });
  let manager: Person;
  let connectionId: string;
  const register = async (query = "") => {
    const res = await api(manager.session, s.server.url, `/api/units?limit=200${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { count: number; units: Unit[]; unknownMoveIns: number };
  };
  const units = async () => new Map((await register()).units.map((u) => [u.mscnumber, u]));
  /** Until no report is pending or unknown, then the register's units. */
  const settled = () =>
    until(
      units,
      (m) => [...m.values()].every((u) => u.reports.every((r) => r.state !== "pending" && r.state !== "unknown")),
      {
        tries: 200,
        everyMs: 100,
      },
    );
  const accepted = async () =>
    new Map(
      ((await control(s.server, "GET", "/onsiteroles")).body as { units: Accepted[] }).units.map((u) => [u.unit, u]),
    );
  const events = (unit: string, reason: string) =>
    sql<{ n: number }>(
      s.server,
      "SELECT count(*)::int AS n FROM osr_report_events WHERE unit_id = $1 AND kind = 'queued' AND reason = $2",
      [unit, reason],
    ).then((r) => r[0]!.n);

  before(async () => {
    assert.equal((await control(s.server, "PUT", "/state", { clients: [CLIENT], documents: DOCUMENTS })).status, 204);
    manager = await makeUser(s.server, "manager");
    ({ id: connectionId } = await addConnection(s.server, manager.session, {
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      onSiteRolesUrl: s.server.url,
      auth: { type: "basic", ...SANDBOX_CLIENT.basic },
    }));
    await mustSync(manager.session, s.server.url, connectionId);
    const res = await api(manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: Buffer.from(REGISTER),
      headers: { "content-type": "text/csv" },
    });
    assert.equal(res.status, 200, res.text);
    await settled();
  });

  test("a resident without a move-in is reported from the unit's oldest document, and a move-out on 20.10. is accepted", async () => {
    const list = await register();
    assert.equal(list.unknownMoveIns, 4, "9101 to 9104 lack a move-in");
    assert.deepEqual(
      (await register("&moveIn=unknown")).units.map((u) => u.mscnumber),
      ["9101", "9102", "9103", "9104"],
    );
    const before = await units();
    const anna = before.get("9101")!;
    assert.deepEqual(
      anna.reports.map((r) => r.state),
      ["accepted"],
    );
    assert.deepEqual(anna.unknownMoveIn, { tenancyId: anna.tenancies[0]!.id, since: "2026-09-01", basis: "documents" });
    assert.equal(before.get("9105")!.unknownMoveIn, undefined, "a known move-in needs no day");
    const sent = (await accepted()).get("9101")!.state;
    assert.deepEqual(periods(sent.billingcontracts), [["2026-09-01", null]], "from the oldest document, not today");
    assert.deepEqual(periods(sent.consumptioninformationcontracts), [["2026-09-01", null]]);
    // Documents, but none with a period: not reported until a move-in or "Bestand seit" is entered.
    const nina = before.get("9104")!;
    assert.deepEqual(nina.reports, []);
    assert.deepEqual(nina.unknownMoveIn, { tenancyId: nina.tenancies[0]!.id, since: null, basis: null });
    assert.equal((await accepted()).has("9104"), false);

    const out = await api(manager.session, s.server.url, `/api/units/${anna.id}/tenancies/${anna.tenancies[0]!.id}`, {
      method: "PATCH",
      json: { moveOut: "2026-10-20" },
    });
    assert.equal(out.status, 200, out.text);
    const after = (await settled()).get("9101")!;
    assert.deepEqual(
      after.reports.map((r) => [r.state, r.messages ?? []]),
      [["accepted", []]],
    );
    assert.deepEqual(periods((await accepted()).get("9101")!.state.billingcontracts), [["2026-09-01", "2026-10-20"]]);
  });

  test("an older document of the unit reports it again from that document's period", async () => {
    const older = [...DOCUMENTS, uvi("d-9102-06", "9102", "2026-06")];
    assert.equal((await control(s.server, "PUT", "/state", { clients: [CLIENT], documents: older })).status, 204);
    await mustSync(manager.session, s.server.url, connectionId);
    await until(accepted, (m) => m.has("9102"), { tries: 200, everyMs: 100 });
    const berta = (await settled()).get("9102")!;
    assert.deepEqual(berta.unknownMoveIn?.since, "2026-06-01");
    assert.deepEqual(periods((await accepted()).get("9102")!.state.billingcontracts), [["2026-06-01", null]]);
    assert.equal(await events(berta.id, "documents"), 1);
  });

  test("a refusal is explained in German with its code on the register's page, and logged as WARN without a name", async () => {
    const rule = {
      method: "POST",
      path: PATH("9103"),
      status: 400,
      body: JSON.stringify({
        messages: [
          {
            type: "error",
            shortmessage: "PERIOD_REVERSED",
            message: "billingcontracts.0: validto 2026-10-20 is before validfrom 2026-11-29 (Otto Ober)",
          },
        ],
      }),
      times: 1,
    };
    assert.equal((await control(s.server, "PUT", "/faults", [rule])).status, 204);
    const otto = (await units()).get("9103")!;
    const since = s.server.output().length;
    const out = await api(manager.session, s.server.url, `/api/units/${otto.id}/tenancies/${otto.tenancies[0]!.id}`, {
      method: "PATCH",
      json: { moveOut: "2026-10-20" },
    });
    assert.equal(out.status, 200, out.text);
    const refused = (await settled()).get("9103")!.reports[0]!;
    assert.equal(refused.state, "rejected");
    assert.deepEqual(
      refused.messages?.map((m) => m.shortmessage),
      ["PERIOD_REVERSED"],
    );

    const lines = s.server
      .output()
      .slice(since)
      .split("\n")
      .filter((l) => l.includes("on-site-roles report refused"));
    assert.equal(lines.length, 1, s.server.output().slice(since));
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.equal(line.level, 40, "WARN");
    assert.deepEqual(
      [line.connectionId, line.unitId, line.status, line.codes],
      [connectionId, otto.id, 400, ["PERIOD_REVERSED"]],
    );
    assert.doesNotMatch(s.server.output(), /Otto|Ober/, "no name in the server's output");

    // The register's page, rendered on the server in German: what it means, what to do, the code beside it.
    const page = await fetch(`${s.server.url}/units?q=9103`, {
      headers: { Cookie: manager.session.cookie, "Accept-Language": "de-DE,de;q=0.9" },
    });
    assert.equal(page.status, 200);
    const text = (await page.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    assert.match(text, /Ein gemeldeter Zeitraum endet vor seinem Beginn\./);
    assert.match(text, /Tragen Sie den Einzug von Otto Ober ein/);
    assert.match(text, /Code des Messdienstes:[\s\S]{0,200}PERIOD_REVERSED/);
    assert.match(text, />Einzug von Otto Ober eintragen</, "the button that opens the move-in");
    assert.doesNotMatch(text, /is before validfrom/, "not the provider's English text");
    await control(s.server, "DELETE", "/faults");
  });

  test("“Bestand seit”: read and set per register, reported from it, refused in the future", async () => {
    assert.deepEqual((await api(manager.session, s.server.url, "/api/units/settings")).body, { since: null });
    const future = await api(manager.session, s.server.url, "/api/units/settings", {
      method: "PUT",
      json: { since: "2199-01-01" },
    });
    assert.equal(future.status, 400, future.text);
    assert.deepEqual(
      (future.body as { fields: { path: string }[] }).fields.map((f) => f.path),
      ["since"],
    );
    const set = await api(manager.session, s.server.url, "/api/units/settings", {
      method: "PUT",
      json: { since: "2026-07-01" },
    });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body, { since: "2026-07-01" });
    assert.deepEqual((await api(manager.session, s.server.url, "/api/units/settings")).body, { since: "2026-07-01" });
    // Another manager's register keeps its own (none).
    const other = await makeUser(s.server, "manager");
    assert.deepEqual((await api(other.session, s.server.url, "/api/units/settings")).body, { since: null });

    await until(accepted, (m) => m.has("9104"), { tries: 200, everyMs: 100 });
    const register = await settled();
    const sent = await accepted();
    assert.deepEqual(periods(sent.get("9101")!.state.billingcontracts), [["2026-07-01", "2026-10-20"]]);
    assert.deepEqual(periods(sent.get("9102")!.state.billingcontracts), [["2026-07-01", null]]);
    assert.deepEqual(periods(sent.get("9104")!.state.billingcontracts), [["2026-07-01", null]], "reportable now");
    assert.deepEqual(register.get("9104")!.unknownMoveIn?.basis, "register");
    assert.ok(register.get("9104")!.reports.every((r) => r.state === "accepted"));
    assert.equal(await events(register.get("9102")!.id, "since"), 1);
    assert.equal(await events(register.get("9105")!.id, "since"), 0, "a known move-in does not depend on it");
  });

  test("a state sent the old way (from the day of the report) is reported again after a restart, without an edit", async () => {
    const berta = (await units()).get("9102")!;
    // As the version before issue #50 left it: accepted, with the hash of another state.
    await sql(s.server, "UPDATE osr_reports SET hash = 'sent-before-issue-50', state = 'accepted' WHERE unit_id = $1", [
      berta.id,
    ]);
    await control(s.server, "DELETE", "/onsiteroles");
    await s.server.restart();
    await until(accepted, (m) => m.has("9102"), { tries: 300, everyMs: 100 });
    assert.deepEqual(periods((await accepted()).get("9102")!.state.billingcontracts), [["2026-07-01", null]]);
    assert.equal(await events(berta.id, "recomputed"), 1);
    assert.equal((await accepted()).has("9101"), false, "an unchanged state is not sent again");
  });
});
