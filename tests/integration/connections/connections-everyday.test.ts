import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { control, ndjson, putState, SANDBOX_BASIC, SANDBOX_CLIENT, uviFor } from "../../support/delivery";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * Issue 20, "One document once" and "Honest edge states", through the API against the sandbox:
 * one connection per provider account, the address checked when saving, and one open count.
 */
describe("connections in everyday use", () => {
  const s = suiteServer({ sandbox: true });
  let a: Person;
  let b: Person;
  const post = (who: Person, json: Record<string, unknown>) =>
    api(who.session, s.server.url, "/api/connections", { method: "POST", json });
  const patch = (who: Person, id: string, json: Record<string, unknown>) =>
    api(who.session, s.server.url, `/api/connections/${id}`, { method: "PATCH", json });
  const dta = (kd: string, name = `DTA ${kd}`) => ({
    name,
    service: "dta",
    baseUrl: `${s.server.url}/dta`,
    customerNumber: kd,
    auth: SANDBOX_BASIC,
  });

  before(async () => {
    a = await makeUser(s.server, "manager");
    b = await makeUser(s.server, "manager");
  });

  test("a second connection to the same account answers 409 duplicate_connection naming the first", async () => {
    const first = await addConnection(s.server, a.session, {
      name: "Nord UVI",
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      auth: SANDBOX_BASIC,
    });
    // Another path on the same origin, another password: still the same account.
    for (const baseUrl of [`${s.server.url}/arge`, `${s.server.url}/arge/v2`]) {
      const again = await post(a, {
        name: "Nochmal",
        service: "uvi",
        baseUrl,
        auth: { ...SANDBOX_BASIC, password: "anders" },
      });
      assert.equal(again.status, 409, again.text);
      assert.equal(again.body.error, "duplicate_connection");
      assert.equal(again.body.connectionId, first.id);
      assert.match(again.body.message, /„Nord UVI“/);
    }
    // Another user, the OAuth client id, another customer number: other accounts (or another user's).
    assert.equal(
      (await post(b, { name: "B", service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })).status,
      201,
    );
    const oauth = { type: "client_credentials", ...SANDBOX_CLIENT.oauth };
    assert.equal(
      (
        await post(a, {
          name: "OAuth",
          service: "uvi",
          baseUrl: `${s.server.url}/arge`,
          authUrl: s.server.url,
          auth: oauth,
        })
      ).status,
      201,
    );
    const list = await api(a.session, s.server.url, "/api/connections");
    assert.deepEqual(list.body.map((c: { name: string }) => c.name).sort(), ["Nord UVI", "OAuth"]);
    // A deleted connection no longer holds its account.
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${first.id}`, { method: "DELETE" })).status,
      204,
    );
    assert.equal(
      (await post(a, { name: "Neu", service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })).status,
      201,
    );
  });

  test("an edit that would reach another connection's account answers 409; other edits pass", async () => {
    const k1 = await addConnection(s.server, a.session, dta("4711", "Kunde 4711"));
    const k2 = await addConnection(s.server, a.session, dta("4712"));
    const clash = await patch(a, k2.id, { customerNumber: "4711" });
    assert.equal(clash.status, 409, clash.text);
    assert.equal(clash.body.error, "duplicate_connection");
    assert.equal(clash.body.connectionId, k1.id);
    assert.match(clash.body.message, /„Kunde 4711“/);
    assert.equal((await patch(a, k2.id, { name: "Kunde 4712" })).status, 200);
    assert.equal((await patch(a, k1.id, { name: "Kunde 4711 (Nord)", baseUrl: `${s.server.url}/dta/` })).status, 200);
  });

  test("an address the outbound guard refuses is refused when saving, naming the field", async () => {
    const refused = await post(a, {
      name: "Intern",
      service: "uvi",
      baseUrl: "https://10.0.0.1/arge",
      auth: { type: "basic", username: "x", password: "y" },
    });
    assert.equal(refused.status, 400, refused.text);
    assert.deepEqual(
      refused.body.fields.map((f: { path: string }) => f.path),
      ["baseUrl"],
    );
    assert.match(refused.body.fields[0].message, /Sicherheitsgründen/);
    // The app itself outside the sandbox's service paths, and a token address on loopback.
    const own = await post(a, {
      name: "Steuerung",
      service: "uvi",
      baseUrl: `${s.server.url}/sandbox/api`,
      auth: { type: "basic", username: "x", password: "y" },
    });
    assert.equal(own.status, 400, own.text);
    assert.equal(own.body.fields[0].path, "baseUrl");
    const token = await post(a, {
      name: "Token intern",
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      authUrl: "https://127.0.0.1:9",
      auth: { type: "client_credentials", clientId: "other-client", clientSecret: "s" },
    });
    assert.equal(token.status, 400, token.text);
    assert.deepEqual(
      token.body.fields.map((f: { path: string }) => f.path),
      ["authUrl"],
    );
    const ok = await addConnection(s.server, a.session, dta("4799"));
    const moved = await patch(a, ok.id, {
      baseUrl: "https://192.168.0.1/dta",
      auth: { type: "basic", password: "neu" },
    });
    assert.equal(moved.status, 400, moved.text);
    assert.equal(moved.body.fields[0].path, "baseUrl");
    assert.match(moved.body.fields[0].message, /Sicherheitsgründen/);
  });

  test("the connection's open count is the inbox's, now; the last sync keeps the count it saw", async () => {
    await putState(s.server, uviFor(["e-1", "e-2", "e-3", "e-4"], "7770"));
    const c = await makeUser(s.server, "manager");
    const { id } = await addConnection(s.server, c.session, {
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      auth: SANDBOX_BASIC,
    });
    const view = async () => (await api(c.session, s.server.url, "/api/connections")).body[0];
    assert.equal((await view()).principal, SANDBOX_BASIC.username);
    assert.equal((await view()).open, 0);
    const sync = await ndjson(c.session, s.server.url, `/api/connections/${id}/sync`);
    assert.equal(sync.lines.at(-1)!.open, 4);
    const confirmed = await api(c.session, s.server.url, `/api/connections/${id}/documents/e-1/status`, {
      method: "PUT",
    });
    assert.equal(confirmed.status, 200, confirmed.text);
    const inbox = await api(c.session, s.server.url, "/api/inbox");
    const inboxOpen = inbox.body.connections.find((x: { id: string }) => x.id === id).open;
    const after = await view();
    assert.equal(inboxOpen, 3);
    assert.equal(after.open, inboxOpen);
    assert.equal(after.lastSync.open, 4, "the count at the last sync, as it was");
    const edited = await patch(c, id, { name: "Umbenannt" });
    assert.equal(edited.body.open, 3);
    assert.ok(!JSON.stringify(after).includes(SANDBOX_BASIC.password));
    await control(s.server, "POST", "/reset");
  });
});
