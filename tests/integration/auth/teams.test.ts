import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { sql } from "../../support/database";
import { ADMIN } from "../../support/server";
import { api, mustSignIn, signIn, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { list, put } from "../../support/units";

/**
 * Issue #46, the teams over HTTP: only admins list and make teams; a member renames their own team and sets its four
 * eyes, and another team is 404 to them; a team's register is its members' common ground and nobody else's; a move
 * to another team (PATCH /api/users/{id} `{teamId}`) takes effect with the user's very next request, without a new
 * sign-in, because the session's user, and with it the principal's team, is read from the database at every request.
 * A member who is no admin asking for another team's PATCH gets 404, support included (lib/teams/teams.ts: only an
 * admin reaches a team not their own), while the admins' list and make answer support 403 (a role check).
 */

type Member = { id: string; email: string; password: string; session: Session };

const A_REGISTER =
  "Nutzeinheit;Bewohner;Zustellweg;Anschrift;Liegenschaft\r\n46001;Jürgen Weiß;Post;Südstraße 1;Haus Süd\r\n46002;Änne Groß;Post;Südstraße 1;Haus Süd\r\n";
const B_REGISTER =
  "Nutzeinheit;Bewohner;Zustellweg;Anschrift;Liegenschaft\r\n46101;Bernd Brot;Post;Nordweg 2;Haus Nord\r\n";

describe("teams: who manages them, and what a team's members share", () => {
  const s = suiteServer();
  const as = (who: Session, path: string, init?: Parameters<typeof api>[3]) => api(who, s.server.url, path, init);
  let teamA: string;
  let teamB: string;
  let a1: Member, a2: Member, b1: Member, support: Member;

  async function makeTeam(name: string): Promise<string> {
    const res = await as(s.admin, "/api/teams", { method: "POST", json: { name } });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.members, [], "a new team has no members");
    return res.body.id;
  }

  async function member(role: "manager" | "support", name: string, teamId: string): Promise<Member> {
    const email = `${name.toLowerCase()}-${randomBytes(3).toString("hex")}@example.com`;
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const res = await as(s.admin, "/api/users", { method: "POST", json: { email, name, role, password, teamId } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.teamId, teamId);
    return { id: res.body.id, email, password, session: await mustSignIn(s.server.url, email, password) };
  }

  before(async () => {
    teamA = await makeTeam("Team Nord");
    teamB = await makeTeam("Team Süd");
    a1 = await member("manager", "Anna", teamA);
    a2 = await member("manager", "Arne", teamA);
    b1 = await member("manager", "Berta", teamB);
    support = await member("support", "Sven", teamB);
  });

  test("only admins list and make teams; the list names every member with address and role", async () => {
    const all = await as(s.admin, "/api/teams");
    assert.equal(all.status, 200, all.text);
    const a = all.body.find((t: { id: string }) => t.id === teamA);
    assert.equal(a.name, "Team Nord");
    assert.deepEqual(
      a.members.map((m: { email: string; role: string; name: string }) => [m.name, m.email, m.role]),
      [
        ["Anna", a1.email, "manager"],
        ["Arne", a2.email, "manager"],
      ],
    );
    assert.deepEqual(a.fourEyes, { enabled: false, minDocuments: a.fourEyes.minDocuments });
    for (const who of [a1, support]) {
      assert.equal((await as(who.session, "/api/teams")).status, 403, who.email);
      const made = await as(who.session, "/api/teams", { method: "POST", json: { name: "Eigenes" } });
      assert.equal(made.status, 403, who.email);
    }
  });

  test("a member reads, renames their team and sets its four eyes; another team's member and support get 404", async () => {
    const patched = await as(a1.session, `/api/teams/${teamA}`, {
      method: "PATCH",
      json: { name: "Team Nordost", fourEyes: { enabled: true, minDocuments: 5 } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.name, "Team Nordost");
    assert.deepEqual(patched.body.fourEyes, { enabled: true, minDocuments: 5 });
    for (const who of [b1, support]) {
      const res = await as(who.session, `/api/teams/${teamA}`, { method: "PATCH", json: { name: "Übernommen" } });
      assert.equal(res.status, 404, `${who.email}: ${res.text}`);
      assert.equal(res.body.error, "not_found");
    }
    const missing = await as(s.admin, `/api/teams/${randomUUID()}`, { method: "PATCH", json: { name: "x" } });
    assert.equal(missing.status, 404, "a missing team answers the same");
    const me = await as(a2.session, "/api/me");
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.team, { id: teamA, name: "Team Nordost" });
    const read = await as(a2.session, `/api/teams/${teamA}`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual([read.body.name, read.body.fourEyes], ["Team Nordost", { enabled: true, minDocuments: 5 }]);
    assert.equal((await as(b1.session, `/api/teams/${teamA}`)).status, 404, "another team's member reads nothing");
    // Support reads its own team, and changes nothing, its own team included.
    const own = (await as(support.session, "/api/me")).body.team.id as string;
    assert.equal((await as(support.session, `/api/teams/${own}`)).status, 200);
    const refused = await as(support.session, `/api/teams/${own}`, { method: "PATCH", json: { name: "Support" } });
    assert.equal(refused.status, 403, refused.text);
  });

  test("the register is the team's: one member imports, another lists and edits, a move changes it at once", async () => {
    const imported = await put(a1.session, s.server.url, A_REGISTER);
    assert.equal(imported.status, 200, imported.text);
    assert.equal((await put(b1.session, s.server.url, B_REGISTER)).status, 200);

    const seen = await list(a2.session, s.server.url);
    assert.deepEqual(seen.units.map((u) => u.mscnumber).sort(), ["46001", "46002"], "a2 sees what a1 imported");
    const unit = seen.units.find((u) => u.mscnumber === "46001")!;
    const edited = await as(a2.session, `/api/units/${unit.id}`, { method: "PATCH", json: { label: "EG links" } });
    assert.equal(edited.status, 200, edited.text);
    assert.equal((await list(a1.session, s.server.url)).units.find((u) => u.id === unit.id)?.label, "EG links");

    assert.deepEqual(
      (await list(b1.session, s.server.url)).units.map((u) => u.mscnumber),
      ["46101"],
      "b1 sees only team B's register",
    );
    const foreign = await as(b1.session, `/api/units/${unit.id}`, { method: "PATCH", json: { label: "fremd" } });
    assert.equal(foreign.status, 404, foreign.text);

    const moved = await as(s.admin, `/api/users/${a2.id}`, { method: "PATCH", json: { teamId: teamB } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.teamId, teamB);
    // The same session, its very next request: team A's unit is gone, team B's register is there.
    const after = await as(a2.session, `/api/units/${unit.id}`, { method: "PATCH", json: { label: "noch da?" } });
    assert.equal(after.status, 404, after.text);
    assert.deepEqual(
      (await list(a2.session, s.server.url)).units.map((u) => u.mscnumber),
      ["46101"],
    );
    assert.deepEqual((await as(a2.session, "/api/me")).body.team, { id: teamB, name: "Team Süd" });
    assert.equal((await list(a1.session, s.server.url)).units.find((u) => u.id === unit.id)?.label, "EG links");
  });

  test("a disabled member's session ends; an unknown team is a field error", async () => {
    const gone = await member("manager", "Gesperrt", teamA);
    assert.equal((await as(gone.session, "/api/units")).status, 200);
    assert.equal(
      (await as(s.admin, `/api/users/${gone.id}`, { method: "PATCH", json: { disabled: true } })).status,
      200,
    );
    assert.equal((await as(gone.session, "/api/units")).status, 401);
    assert.equal((await as(gone.session, "/api/me")).status, 401);
    assert.equal((await signIn(s.server.url, gone.email, gone.password)).session, undefined, "no new sign-in either");

    const unknown = await as(s.admin, "/api/users", {
      method: "POST",
      json: {
        email: "niemand@example.com",
        name: "Niemand",
        role: "manager",
        password: "long-enough-46",
        teamId: randomUUID(),
      },
    });
    assert.equal(unknown.status, 400, unknown.text);
    assert.deepEqual(
      unknown.body.fields.map((f: { path: string }) => f.path),
      ["teamId"],
    );
    const moveNowhere = await as(s.admin, `/api/users/${a1.id}`, { method: "PATCH", json: { teamId: randomUUID() } });
    assert.equal(moveNowhere.status, 400, moveNowhere.text);
    assert.deepEqual((await as(a1.session, "/api/me")).body.team.id, teamA, "a refused move moves nobody");
  });

  test("the audit trail names who made and changed teams and who moved whom", async () => {
    type Event = { kind: string; actor: string; detail: Record<string, unknown> };
    const events = await sql<Event>(
      s.server,
      "SELECT kind, actor, detail FROM audit_events WHERE kind IN ('team.create', 'team.update', 'user.update') ORDER BY id",
    );
    const made = events.filter((e) => e.kind === "team.create" && [teamA, teamB].includes(e.detail.teamId as string));
    assert.deepEqual(
      made.map((e) => [e.actor, e.detail.name]),
      [
        [ADMIN.email, "Team Nord"],
        [ADMIN.email, "Team Süd"],
      ],
    );
    const changed = events.filter((e) => e.kind === "team.update" && e.detail.teamId === teamA);
    assert.deepEqual(
      changed.map((e) => [e.actor, e.detail.fields, e.detail.fourEyes]),
      [[a1.email, ["name", "fourEyes"], { enabled: true, minDocuments: 5 }]],
    );
    const move = events.filter((e) => e.kind === "user.update" && e.detail.userId === a2.id);
    assert.deepEqual(
      move.map((e) => [e.actor, e.detail.fields, e.detail.teamId, e.detail.fromTeamId]),
      [[ADMIN.email, ["team"], teamB, teamA]],
    );
  });
});
