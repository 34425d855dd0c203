import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { control, inboxStates, mustSync, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { list, put, recordMove } from "../../support/units";
import { until } from "../../support/until";

/**
 * Issue #46, "Done means", walked in one office over HTTP: two managers (Anna, who set up the connection and
 * imports the register, and Ben) and a lead (Lena) in one team, and a manager of another team (Bruno). Ben works
 * through Anna's shared connection and her register; he stands in for Anna while she is away; four eyes on a hand-off
 * run: his own release is refused, a move voids the release, Lena's release runs it; the month page's combined
 * action waits as one release and, released, confirms and then hands on. Bruno sees none of it.
 */

const MONTH = "2026-10";
const PROPERTY = "Haus Gang";
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  `9501;${PROPERTY};EG;Wanda Weg;wanda.weg@example.de;E-Mail;01.03.2026 Formular;`,
  `9502;${PROPERTY};1. OG;Xaver Gang;xaver.gang@example.de;E-Mail;01.03.2026 Formular;`,
].join("\n");

/** `YYYY-MM-DD` of today in UTC moved by `days`: a span of yesterday to tomorrow covers the server's today. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const smtpPort = await freePort();

type Release = { id: string; state: string; voidReason?: string; runId?: string };
type MonthProperty = { property: string; standIn: { forName: string } | null };

describe("the office as one team: a walk", () => {
  const s = sandboxSuite([uvi("w-1", "9501"), uvi("w-2", "9502"), uvi("w-3", "9502")], {
    synced: true,
    env: {
      SANDBOX_SMTP_PORT: String(smtpPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
    },
  });
  const anna = () => s.manager.session;
  const ids = { anna: "", ben: "", lena: "", team: "" };
  let ben: Session;
  let lena: Session;
  let bruno: Person;
  const as = (who: Session, path: string, init: { method?: string; json?: unknown } = {}) =>
    api(who, s.server.url, path, init);
  const month = async (who: Session, query = "") => {
    const res = await as(who, `/api/month?month=${MONTH}${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { scope: string; properties: MonthProperty[] };
  };
  const handOff = (who: Session) =>
    as(who, "/api/handoffs", {
      method: "POST",
      json: { documents: [{ connectionId: s.connectionId, documentid: "w-1" }] },
    });
  const approve = (who: Session, id: string) => as(who, `/api/releases/${id}/approve`, { method: "POST", json: {} });
  const member = async (admin: Session, email: string, name: string) => {
    const password = `pw-${email}`;
    const made = await as(admin, "/api/users", {
      method: "POST",
      json: { email, name, role: "manager", password, teamId: ids.team },
    });
    assert.equal(made.status, 201, made.text);
    return { id: made.body.id as string, session: await mustSignIn(s.server.url, email, password) };
  };

  before(async () => {
    const admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const me = await as(anna(), "/api/me");
    Object.assign(ids, { anna: me.body.id, team: me.body.team.id });
    const b = await member(admin, "ben.walk@example.com", "Ben Zwei");
    const l = await member(admin, "lena.walk@example.com", "Lena Leitung");
    [ben, lena] = [b.session, l.session];
    Object.assign(ids, { ben: b.id, lena: l.id });
    bruno = await makeUser(s.server, "manager", admin);
  });

  test("a shared connection: Ben syncs, reads and confirms through Anna's; Bruno reaches nothing", async () => {
    assert.equal((await as(ben, `/api/connections/${s.connectionId}/documents`)).status, 404, "not shared yet");
    const shared = await as(anna(), `/api/connections/${s.connectionId}`, { method: "PATCH", json: { shared: true } });
    assert.equal(shared.status, 200, shared.text);
    const seen = (await as(ben, "/api/connections")).body.find((c: { id: string }) => c.id === s.connectionId);
    assert.deepEqual([seen?.owner.id, seen?.mine, seen?.shared], [ids.anna, false, true]);
    await mustSync(ben, s.server.url, s.connectionId);
    const one = await as(ben, `/api/connections/${s.connectionId}/documents/w-2/status`, { method: "PUT", json: {} });
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.state, "confirmed");
    for (const path of ["/documents", "/documents/w-1/data"])
      assert.equal((await as(bruno.session, `/api/connections/${s.connectionId}${path}`)).status, 404, path);
  });

  test("the register: Anna imports it, Ben works on it, Lena sees the change; Bruno's register is his own", async () => {
    const imported = await put(anna(), s.server.url, REGISTER);
    assert.equal(imported.status, 200, imported.text);
    const units = (await list(ben, s.server.url)).units as { id: string; mscnumber: string }[];
    assert.deepEqual(units.map((u) => u.mscnumber).sort(), ["9501", "9502"]);
    const edited = await as(ben, `/api/units/${units[0]!.id}`, { method: "PATCH", json: { label: "EG links" } });
    assert.equal(edited.status, 200, edited.text);
    const byLena = (await list(lena, s.server.url)).units as { id: string; label: string }[];
    assert.equal(byLena.find((u) => u.id === units[0]!.id)?.label, "EG links");
    assert.equal((await list(bruno.session, s.server.url)).count, 0);
    assert.equal((await as(bruno.session, `/api/units/${units[0]!.id}`, { method: "PATCH", json: {} })).status, 404);
  });

  test("a stand-in: while Anna is away, Ben's month opens at her property, in her stead; Lena sees the team's", async () => {
    const named = await as(ben, "/api/properties/responsible", {
      method: "PUT",
      json: { property: PROPERTY, responsibleId: ids.anna, deputyId: ids.ben },
    });
    assert.equal(named.status, 200, named.text);
    assert.equal((await month(ben)).scope, "team", "Anna is here: Ben, only her deputy, opens at the team's");
    const away = await as(anna(), "/api/me/absence", { method: "PUT", json: { from: dayFrom(-1), to: dayFrom(1) } });
    assert.equal(away.status, 200, away.text);
    const stand = await month(ben);
    assert.equal(stand.scope, "mine");
    assert.deepEqual(
      stand.properties.map((p) => [p.property, p.standIn]),
      [[PROPERTY, { forName: "Test manager" }]],
    );
    const lead = await month(lena);
    assert.deepEqual([lead.scope, lead.properties.map((p) => p.property)], ["team", [PROPERTY]]);
    assert.deepEqual((await month(bruno.session)).properties, []);
  });

  test("four eyes on a hand-off run: own release refused, a move voids it, Lena's release runs it", async () => {
    const on = await as(lena, `/api/teams/${ids.team}`, {
      method: "PATCH",
      json: { fourEyes: { enabled: true, minDocuments: 20 } },
    });
    assert.equal(on.status, 200, on.text);
    await control(s.server, "DELETE", "/mail");
    const confirmed = await as(ben, `/api/connections/${s.connectionId}/documents/w-1/status`, {
      method: "PUT",
      json: {},
    });
    assert.equal(confirmed.status, 200, "a single confirmation stays one click");

    const first = await handOff(ben);
    assert.equal(first.status, 202, first.text);
    const asked = first.body.release as Release;
    const own = await approve(ben, asked.id);
    assert.equal(own.status, 403, own.text);
    assert.equal(own.body.error, "own_request");
    const unit = ((await list(anna(), s.server.url)).units as { id: string; mscnumber: string }[]).find(
      (u) => u.mscnumber === "9501",
    );
    await recordMove(anna(), s.server.url, unit!.id, "2199-12-01", {
      firstName: "Yvonne",
      lastName: "Neu",
      email: "yvonne.neu@example.de",
    });
    const voided = await approve(lena, asked.id);
    assert.equal(voided.status, 409, voided.text);
    assert.deepEqual([voided.body.error, voided.body.reason], ["release_void", "recipients"]);
    assert.deepEqual(await keptMail(s.server), [], "nothing went out");

    const again = await handOff(ben);
    assert.equal(again.status, 202, again.text);
    const released = await approve(lena, (again.body.release as Release).id);
    assert.equal(released.status, 200, released.text);
    const runId = released.body.runId as string;
    const run = await until(
      () => as(anna(), `/api/runs/${runId}`),
      (r) => r.status === 200 && r.body.finishedAt !== null,
    );
    assert.deepEqual([run.body.sent, run.body.startedBy.id], [1, ids.ben], "the team's run, Ben's request");
    const mail = await keptMail(s.server);
    assert.deepEqual(
      mail.map((m) => m.to),
      [["wanda.weg@example.de"]],
    );
  });

  test("'Bestätigen und weitergeben' under four eyes waits as one release; released, it confirms, then hands on", async () => {
    await control(s.server, "DELETE", "/mail");
    const combined = await as(ben, "/api/handoffs", {
      method: "POST",
      json: { documents: [{ connectionId: s.connectionId, documentid: "w-3" }], confirmFirst: true },
    });
    assert.equal(combined.status, 202, combined.text);
    const state = async () => (await inboxStates(anna(), s.server.url))["w-3"];
    assert.equal(await state(), "open", "nothing is confirmed while it waits");
    const released = await approve(lena, (combined.body.release as Release).id);
    assert.equal(released.status, 200, released.text);
    await until(
      () => as(anna(), `/api/runs/${released.body.runId}`),
      (r) => r.status === 200 && r.body.finishedAt !== null,
    );
    assert.equal(await state(), "confirmed");
    assert.deepEqual(
      (await keptMail(s.server)).map((m) => m.to),
      [["xaver.gang@example.de"]],
    );
  });

  test("the other team sees none of it", async () => {
    const theirs = await as(bruno.session, "/api/releases");
    assert.equal(theirs.status, 200, theirs.text);
    assert.deepEqual(theirs.body.releases, []);
    assert.deepEqual((await as(bruno.session, "/api/runs")).body.runs, []);
    assert.ok(!(await as(bruno.session, "/api/connections")).text.includes(s.connectionId));
    assert.deepEqual((await as(bruno.session, "/api/properties/responsible")).body.properties, []);
    const proof = await as(
      bruno.session,
      `/api/handoffs/proof.csv?property=${encodeURIComponent(PROPERTY)}&month=${MONTH}`,
    );
    assert.doesNotMatch(proof.text, /wanda|Wanda/);
  });
});
