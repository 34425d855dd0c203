import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, test } from "node:test";
import { sql } from "../../support/database";
import { api, mustSignIn, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { put } from "../../support/units";

/**
 * Issue #46: who looks after which property, their deputy, and absences over HTTP. Two managers of one team and one
 * of another: the responsible member and the deputy must be members of the caller's team and the property one of its
 * register; with `mine=1` (and unasked, when they act for any) the month page and the register list what the caller
 * acts for today: their own properties, and an absent member's while the absence lasts, naming whom they stand in for.
 */

const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage",
  "66601001;Haus Ahorn;EG",
  "66601002;Haus Ahorn;1. OG",
  "66602001;Haus Birke;EG",
].join("\r\n");

/** `YYYY-MM-DD` of today in UTC moved by `days`: a span of yesterday to tomorrow covers the server's today. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const MONTH = dayFrom(0).slice(0, 7);

type Property = {
  property: string;
  responsible: { id: string; name: string } | null;
  deputy: { id: string; name: string } | null;
  standIn: { forName: string } | null;
};

describe("responsibility and absence", () => {
  const s = suiteServer();
  let a1: Session;
  let a2: Session;
  let b1: Session;
  const ids = { a1: "", a2: "", b1: "" };

  let teamA = "";
  const member = async (teamId: string, name: string, role = "manager") => {
    const email = `m-${randomBytes(4).toString("hex")}@example.com`;
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const res = await api(s.admin, s.server.url, "/api/users", {
      method: "POST",
      json: { email, name, role, password, teamId },
    });
    assert.equal(res.status, 201, res.text);
    return { id: res.body.id as string, session: await mustSignIn(s.server.url, email, password) };
  };
  const team = async (name: string) => {
    const res = await api(s.admin, s.server.url, "/api/teams", { method: "POST", json: { name } });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const month = async (who: Session, query = "") => {
    const res = await api(who, s.server.url, `/api/month?month=${MONTH}${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.properties as Property[];
  };
  const setResponsible = (who: Session, json: unknown) =>
    api(who, s.server.url, "/api/properties/responsible", { method: "PUT", json });
  const absence = (who: Session, json: unknown) => api(who, s.server.url, "/api/me/absence", { method: "PUT", json });

  before(async () => {
    const teamB = await team("Team Süd");
    teamA = await team("Team Nord");
    const [m1, m2, m3] = [
      await member(teamA, "Anna Eins"),
      await member(teamA, "Arne Zwei"),
      await member(teamB, "Berta"),
    ];
    [a1, a2, b1] = [m1.session, m2.session, m3.session];
    Object.assign(ids, { a1: m1.id, a2: m2.id, b1: m3.id });
    const imported = await put(a1, s.server.url, REGISTER);
    assert.equal(imported.status, 200, imported.text);
  });

  test("a member names the responsible one and the deputy; the team's members and properties say so", async () => {
    const res = await setResponsible(a1, { property: "Haus Ahorn", responsibleId: ids.a1, deputyId: ids.a2 });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      property: "Haus Ahorn",
      responsible: { id: ids.a1, name: "Anna Eins" },
      deputy: { id: ids.a2, name: "Arne Zwei" },
    });
    const team = await api(a2, s.server.url, "/api/properties/responsible");
    assert.equal(team.status, 200, team.text);
    assert.deepEqual(
      team.body.members.map((m: { name: string }) => m.name),
      ["Anna Eins", "Arne Zwei"],
    );
    assert.deepEqual(team.body.properties, [
      {
        property: "Haus Ahorn",
        responsible: { id: ids.a1, name: "Anna Eins" },
        deputy: { id: ids.a2, name: "Arne Zwei" },
      },
      { property: "Haus Birke", responsible: null, deputy: null },
    ]);
    const whole = await month(a2);
    const ahorn = whole.find((p) => p.property === "Haus Ahorn")!;
    assert.deepEqual(ahorn.responsible, { id: ids.a1, name: "Anna Eins" });
    assert.equal(ahorn.standIn, null);
    assert.deepEqual(
      (await month(a1, "&mine=1")).map((p) => p.property),
      ["Haus Ahorn"],
    );
    const audit = await sql<{ detail: Record<string, unknown> }>(
      s.server,
      "SELECT detail FROM audit_events WHERE kind = 'property.responsible' AND actor_id = $1",
      [ids.a1],
    );
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.detail.property, "Haus Ahorn");
  });

  test("unasked, the month page and the register open at the caller's own properties, else at the team's", async () => {
    const opened = async (who: Session, path: string) => {
      const res = await api(who, s.server.url, path);
      assert.equal(res.status, 200, res.text);
      const b = res.body as { scope: string; properties: { property?: string; name?: string }[] };
      return [b.scope, b.properties.map((p) => p.property ?? p.name)];
    };
    const both = ["Haus Ahorn", "Haus Birke"];
    // a1 is responsible for Haus Ahorn (the test before); a2 only its deputy, with a1 present.
    assert.deepEqual(await opened(a1, `/api/month?month=${MONTH}`), ["mine", ["Haus Ahorn"]]);
    assert.deepEqual(await opened(a1, `/api/month?month=${MONTH}&mine=0`), ["team", both]);
    assert.deepEqual(await opened(a2, `/api/month?month=${MONTH}`), ["team", both]);
    assert.deepEqual(await opened(a2, `/api/month?month=${MONTH}&mine=1`), ["mine", []]);
    assert.deepEqual(await opened(a1, "/api/units"), ["mine", ["Haus Ahorn"]]);
    assert.deepEqual(await opened(a1, "/api/units?mine=0"), ["team", both]);
    assert.deepEqual(await opened(a2, "/api/units"), ["team", both]);
  });

  test("the deputy acts for the property only while the responsible member is absent", async () => {
    assert.deepEqual(await month(a2, "&mine=1"), []);
    const away = await absence(a1, { from: dayFrom(-1), to: dayFrom(1) });
    assert.equal(away.status, 200, away.text);
    assert.deepEqual(away.body, { absence: { from: dayFrom(-1), to: dayFrom(1) } });
    assert.deepEqual((await api(a1, s.server.url, "/api/me/absence")).body, away.body);
    const mine = await month(a2, "&mine=1");
    assert.deepEqual(
      mine.map((p) => [p.property, p.standIn]),
      [["Haus Ahorn", { forName: "Anna Eins" }]],
    );
    // The absent member still sees their own property, and stands in for nobody.
    assert.deepEqual(
      (await month(a1, "&mine=1")).map((p) => [p.property, p.standIn]),
      [["Haus Ahorn", null]],
    );
    // An absence that ended yesterday covers nobody today.
    assert.equal((await absence(a1, { from: dayFrom(-5), to: dayFrom(-2) })).status, 200);
    assert.deepEqual(await month(a2, "&mine=1"), []);
    assert.equal((await absence(a1, { from: dayFrom(-1), to: dayFrom(1) })).status, 200);
    assert.equal((await month(a2, "&mine=1")).length, 1);
    const ended = await absence(a1, null);
    assert.equal(ended.status, 200, ended.text);
    assert.deepEqual(ended.body, { absence: null });
    assert.deepEqual(await month(a2, "&mine=1"), []);
    const audit = await sql<{ kind: string; detail: Record<string, unknown> }>(
      s.server,
      "SELECT kind, detail FROM audit_events WHERE kind LIKE 'absence.%' AND actor_id = $1 ORDER BY id",
      [ids.a1],
    );
    assert.deepEqual(audit[0], { kind: "absence.set", detail: { from: dayFrom(-1), to: dayFrom(1) } });
    assert.deepEqual(audit.at(-1), { kind: "absence.end", detail: {} });
  });

  test("another team's property is 404, another team's member and a deputy equal to the responsible one are 400, support 403", async () => {
    const foreign = await setResponsible(b1, { property: "Haus Ahorn", responsibleId: ids.b1 });
    assert.equal(foreign.status, 404, foreign.text);
    const outsider = await setResponsible(b1, { property: "Haus Ahorn", responsibleId: ids.a1 });
    assert.equal(outsider.status, 400, outsider.text);
    assert.deepEqual(
      outsider.body.fields.map((f: { path: string }) => f.path),
      ["responsibleId"],
    );
    const deputy = await setResponsible(a1, { property: "Haus Birke", responsibleId: ids.a2, deputyId: ids.b1 });
    assert.equal(deputy.status, 400, deputy.text);
    assert.deepEqual(
      deputy.body.fields.map((f: { path: string }) => f.path),
      ["deputyId"],
    );
    const same = await setResponsible(a1, { property: "Haus Birke", responsibleId: ids.a1, deputyId: ids.a1 });
    assert.equal(same.status, 400, same.text);
    assert.deepEqual(
      same.body.fields.map((f: { path: string }) => f.path),
      ["deputyId"],
    );
    const backwards = await absence(a1, { from: dayFrom(1), to: dayFrom(-1) });
    assert.equal(backwards.status, 400, backwards.text);
    // Support of the team reads who looks after what, and changes nothing.
    const support = (await member(teamA, "Sonja Support", "support")).session;
    assert.equal((await api(support, s.server.url, "/api/properties/responsible")).status, 200);
    const refused = await setResponsible(support, { property: "Haus Birke", responsibleId: ids.a1 });
    assert.equal(refused.status, 403, refused.text);
    // Nothing of team A reaches b1's month page or list.
    assert.deepEqual((await api(b1, s.server.url, "/api/properties/responsible")).body.properties, []);
    assert.deepEqual(await month(b1), []);
  });
});
