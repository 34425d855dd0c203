import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeTeam, makeUser, type Member, type Person } from "../../support/connections";
import { inboxStates, mustSync, ndjson, SANDBOX_BASIC, syncConnection, uvi } from "../../support/delivery";
import { ADMIN } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Connections shared in a team without sharing secrets (issue #46): the owner shares, a teammate works through it
 * (list, sync, read, confirm) but may not change it, another team does not see it, the duplicate rule is the team's,
 * and an admin hands a connection to another member with its sealed secret unread.
 */

type Listed = { id: string; owner: { id: string; name: string }; ownerInTeam: boolean; shared: boolean; mine: boolean };

describe("shared connections", () => {
  const suite = sandboxSuite(
    [uvi("team-1", "6001"), uvi("team-2", "6002"), uvi("team-3", "6003"), uvi("team-4", "6004")],
    {
      env: { SYNC_INTERVAL_MINUTES: "0" },
    },
  );
  let owner: Member;
  let mate: Member;
  let stranger: Member;
  let strangers: string;
  let support: Person;
  let admin: Session;
  let id: string;

  const call = (who: Session, path: string, init: RequestInit & { json?: unknown } = {}) =>
    api(who, suite.server.url, path, init);
  const listed = async (who: Session): Promise<Listed | undefined> =>
    ((await call(who, "/api/connections")).body as Listed[]).find((c) => c.id === id);
  const sandbox = (name: string) => ({
    name,
    service: "uvi",
    baseUrl: `${suite.server.url}/arge`,
    auth: SANDBOX_BASIC,
  });
  const confirm = (who: Session, documentid: string) =>
    call(who, `/api/connections/${id}/documents/${documentid}/status`, { method: "PUT" });

  before(async () => {
    admin = await mustSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    [owner, mate] = (await makeTeam(suite.server, ["manager", "manager"], admin)).members as [Member, Member];
    const other = await makeTeam(suite.server, ["manager"], admin);
    [stranger, strangers] = [other.members[0]!, other.teamId];
    support = await makeUser(suite.server, "support", admin);
    // The same sandbox account as the suite's manager's, who is in another team: allowed.
    id = (await addConnection(suite.server, owner.session, sandbox("Team UVI"))).id;
  });

  test("not shared, a teammate neither lists nor reaches it", async () => {
    const own = await listed(owner.session);
    assert.deepEqual(
      { owner: own?.owner, shared: own?.shared, mine: own?.mine },
      { owner: { id: owner.id, name: owner.name }, shared: false, mine: true },
    );
    assert.equal(await listed(mate.session), undefined);
    assert.equal((await call(mate.session, `/api/connections/${id}/documents`)).status, 404);
  });

  test("the owner shares it; a teammate lists it, syncs, reads and confirms through it, and never sees the secret", async () => {
    const shared = await call(owner.session, `/api/connections/${id}`, { method: "PATCH", json: { shared: true } });
    assert.equal(shared.status, 200, shared.text);
    assert.equal(shared.body.shared, true);
    assert.equal(shared.body.mine, true);
    const seen = await call(mate.session, "/api/connections");
    assert.doesNotMatch(seen.text, new RegExp(SANDBOX_BASIC.password));
    assert.doesNotMatch(seen.text, /secret|sealed/i);
    const row = (seen.body as Listed[]).find((c) => c.id === id);
    assert.deepEqual(
      { owner: row?.owner, shared: row?.shared, mine: row?.mine },
      { owner: { id: owner.id, name: owner.name }, shared: true, mine: false },
    );
    await mustSync(mate.session, suite.server.url, id);
    const documents = await call(mate.session, `/api/connections/${id}/documents`);
    assert.equal(documents.status, 200, documents.text);
    assert.equal((await call(mate.session, `/api/connections/${id}/documents/count`)).status, 200);
    const data = await fetch(`${suite.server.url}/api/connections/${id}/documents/team-2/data`, {
      headers: { Cookie: mate.session.cookie },
    });
    assert.equal(data.status, 200);
    await data.arrayBuffer();
    assert.deepEqual((await confirm(mate.session, "team-1")).body, { documentid: "team-1", state: "confirmed" });
    const bulk = await ndjson(mate.session, suite.server.url, `/api/connections/${id}/confirmations`, {
      documentids: ["team-2"],
    });
    assert.equal(bulk.status, 200, bulk.text);
    assert.equal(bulk.lines.at(-1)!.confirmed, 1, bulk.text);
    // The inbox of both members holds it.
    assert.equal((await inboxStates(mate.session, suite.server.url))["team-1"], "confirmed");
    assert.equal((await inboxStates(owner.session, suite.server.url))["team-1"], "confirmed");
  });

  test("a teammate may not change or delete it (403); another team gets 404 as for a missing one", async () => {
    for (const json of [{ name: "Meins" }, { shared: false }]) {
      const res = await call(mate.session, `/api/connections/${id}`, { method: "PATCH", json });
      assert.equal(res.status, 403, res.text);
      assert.match(res.body.message, new RegExp(owner.name));
    }
    assert.equal((await call(mate.session, `/api/connections/${id}`, { method: "DELETE" })).status, 403);
    assert.equal((await listed(owner.session))?.shared, true);
    for (const who of [stranger.session, suite.manager.session]) {
      assert.equal((await call(who, `/api/connections/${id}/documents`)).status, 404);
      assert.equal((await syncConnection(who, suite.server.url, id)).status, 404);
      assert.equal((await confirm(who, "team-3")).status, 404);
      assert.equal(
        (await call(who, `/api/connections/${id}`, { method: "PATCH", json: { shared: false } })).status,
        404,
      );
      assert.equal(await listed(who), undefined);
    }
    assert.equal((await call(support.session, `/api/connections/${id}/documents`)).status, 403);
  });

  test("a second connection to the same account within the team is 409 duplicate_connection naming it", async () => {
    const again = await call(mate.session, "/api/connections", { method: "POST", json: sandbox("Nochmal") });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error, "duplicate_connection");
    assert.equal(again.body.connectionId, id);
    assert.match(again.body.message, /„Team UVI“/);
  });

  test("its owner disabled, it keeps serving the team", async () => {
    const user = (json: unknown) => call(admin, `/api/users/${owner.id}`, { method: "PATCH", json });
    assert.equal((await user({ disabled: true })).status, 200);
    assert.deepEqual(
      [(await listed(mate.session))?.owner.id, (await listed(mate.session))?.ownerInTeam],
      [owner.id, false],
    );
    await mustSync(mate.session, suite.server.url, id);
    assert.equal((await confirm(mate.session, "team-4")).body.state, "confirmed");
    assert.equal((await user({ disabled: false })).status, 200);
    owner.session = await mustSignIn(suite.server.url, owner.email, owner.password);
  });

  test("only an admin transfers it, to a member of its team; the secret moves with it unread", async () => {
    const path = `/api/connections/${id}/transfer`;
    assert.equal((await call(owner.session, path, { method: "POST", json: { userId: mate.id } })).status, 403);
    const outsider = await call(admin, path, { method: "POST", json: { userId: stranger.id } });
    assert.equal(outsider.status, 400, outsider.text);
    assert.equal(outsider.body.fields?.[0]?.path, "userId");
    const moved = await call(admin, path, { method: "POST", json: { userId: mate.id } });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.body.owner, { id: mate.id, name: mate.name });
    assert.equal(moved.body.shared, true);
    assert.doesNotMatch(moved.text, new RegExp(SANDBOX_BASIC.password));
    assert.equal((await listed(mate.session))?.mine, true);
    assert.equal((await listed(owner.session))?.mine, false);
    // The new owner's sync opens the secret sealed for the connection: it moved.
    await mustSync(mate.session, suite.server.url, id);
    assert.equal((await confirm(mate.session, "team-3")).body.state, "confirmed");
  });

  test("unshared, the former owner loses it, and their second connection to the account says it can be shared", async () => {
    const off = await call(mate.session, `/api/connections/${id}`, { method: "PATCH", json: { shared: false } });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.shared, false);
    assert.equal(await listed(owner.session), undefined);
    assert.equal((await call(owner.session, `/api/connections/${id}/documents`)).status, 404);
    assert.equal((await syncConnection(owner.session, suite.server.url, id)).status, 404);
    const again = await call(owner.session, "/api/connections", { method: "POST", json: sandbox("Zweite") });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.connectionId, id);
    assert.match(again.body.message, /teilen/);
  });

  test("its owner moved to another team reaches it no more; unshared, it serves the team until an admin transfers it", async () => {
    // The connection is mate's and not shared (the test before); mate joins the other team.
    const moved = await call(admin, `/api/users/${mate.id}`, { method: "PATCH", json: { teamId: strangers } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(await listed(mate.session), undefined, "its owner, now in another team, no longer lists it");
    assert.equal((await call(mate.session, `/api/connections/${id}/documents`)).status, 404);
    assert.equal((await call(stranger.session, `/api/connections/${id}/documents`)).status, 404);
    const seen = await listed(owner.session);
    assert.deepEqual([seen?.owner.id, seen?.ownerInTeam, seen?.shared], [mate.id, false, false]);
    await mustSync(owner.session, suite.server.url, id);
    assert.equal((await call(owner.session, `/api/connections/${id}/documents`)).status, 200);
    assert.equal(
      (await call(owner.session, `/api/connections/${id}`, { method: "PATCH", json: { shared: true } })).status,
      403,
      "its settings stay an admin's until the transfer",
    );
    const back = await call(admin, `/api/connections/${id}/transfer`, { method: "POST", json: { userId: owner.id } });
    assert.equal(back.status, 200, back.text);
    assert.deepEqual([back.body.owner.id, back.body.ownerInTeam], [owner.id, true]);
  });
});
