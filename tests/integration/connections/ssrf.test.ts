import assert from "node:assert/strict";
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { after, before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { startListener, type Listener } from "../../support/listener";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

/**
 * The outbound guard over HTTP. The app runs WITHOUT the listeners' origins on the allowlist;
 * every address below is refused and the listener behind it sees no connection at all.
 */
describe("SSRF: connections to internal addresses are refused before any connection", () => {
  let v4: Listener;
  let v6: Listener | undefined;
  let a: Person;
  /** A plain host name (not "localhost") that resolves to loopback, so the connect-time lookup is what refuses it. */
  let loopbackName: string | undefined;

  before(async () => {
    const name = hostname();
    loopbackName = await lookup(name).then(
      (r) => (r.address.startsWith("127.") ? name : undefined),
      () => undefined,
    );
    v4 = await startListener("127.0.0.1");
    v6 = await startListener("::1").catch(() => undefined);
  });
  after(async () => {
    await v4.close();
    await v6?.close();
  });
  const provider = altProviderSuite();
  // Only the redirecting provider is allowed; the listeners it points to are not.
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: provider.alt.origin, PROVIDER_TIMEOUT_MS: "1500" } }));
  before(async () => {
    a = await makeUser(s.server, "manager");
  });

  const table = () => {
    const p = v4.port;
    const rows = [
      `http://127.0.0.1:${p}/arge`,
      `https://127.0.0.1:${p}/arge`,
      `https://localhost:${p}/arge`,
      `http://localhost:${p}/arge`,
      `https://0.0.0.0:${p}/arge`,
      `https://2130706433:${p}/arge`,
      `https://0x7f000001:${p}/arge`,
      `https://0177.0.0.1:${p}/arge`,
      `https://127.1:${p}/arge`,
      `https://10.0.0.1:${p}/arge`,
      `https://192.168.0.1:${p}/arge`,
      `https://172.16.0.1:${p}/arge`,
      `https://169.254.169.254:${p}/arge`,
      `https://[::ffff:127.0.0.1]:${p}/arge`,
      `https://[::ffff:7f00:1]:${p}/arge`,
      `https://[fe80::1]:${p}/arge`,
      `https://[fd00::1]:${p}/arge`,
      `https://[::]:${p}/arge`,
    ];
    if (v6) rows.push(`https://[::1]:${v6.port}/arge`, `http://[::1]:${v6.port}/arge`);
    return rows;
  };

  const post = (json: Record<string, unknown>) =>
    api(a.session, s.server.url, "/api/connections", { method: "POST", json: { name: "Intern", ...json } });

  test("each address is refused by the guard when saving, naming the field, and its listener sees nothing", async () => {
    for (const baseUrl of table()) {
      const res = await post({ service: "uvi", baseUrl, auth: { type: "basic", username: "u", password: "p" } });
      assert.equal(res.status, 400, `${baseUrl}: ${res.text}`);
      assert.deepEqual(
        res.body.fields.map((f: { path: string }) => f.path),
        ["baseUrl"],
        baseUrl,
      );
      assert.match(res.body.fields[0].message, /Sicherheitsgründen/);
    }
    assert.equal((await api(a.session, s.server.url, "/api/connections")).body.length, 0);
    assert.equal(v4.connections(), 0);
    assert.equal(v6?.connections() ?? 0, 0);
  });

  test("a host name that resolves to loopback passes the save and is refused at connect time", async (t) => {
    if (!loopbackName)
      return t.skip(
        "no host name resolving to loopback here: the connect-time lookup is covered by the unit test only",
      );
    const baseUrl = `https://${loopbackName}:${v4.port}/arge`;
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl,
      auth: { type: "basic", username: "u", password: "p" },
    });
    const tried = await api(a.session, s.server.url, `/api/connections/${conn.id}/test`, { method: "POST" });
    assert.equal(tried.status, 200);
    assert.equal(tried.body.status, "refused", tried.text);
    assert.match(tried.body.message, /Sicherheitsgründen/);
    const list = await api(a.session, s.server.url, `/api/connections/${conn.id}/documents`);
    assert.equal(list.status, 502);
    assert.equal(list.body.error, "provider_refused");
    const put = await api(a.session, s.server.url, `/api/connections/${conn.id}/documents/x/status`, { method: "PUT" });
    assert.equal(put.body.state, "failed");
    assert.equal(v4.connections(), 0);
  });

  test("an auth URL on an internal address is refused too", async () => {
    const res = await post({
      service: "uvi",
      baseUrl: provider.alt.uviBase,
      authUrl: `https://localhost:${v4.port}`,
      auth: { type: "client_credentials", clientId: "c", clientSecret: "s" },
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.fields[0].path, "authUrl");
    assert.equal(v4.connections(), 0);
  });

  test("redirects to those addresses are not followed", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: provider.alt.uviBase,
      auth: { type: "basic", ...provider.alt.basic },
    });
    for (const target of [
      `http://127.0.0.1:${v4.port}/`,
      `http://localhost:${v4.port}/`,
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      provider.alt.modes.redirectTo = target;
      const t = await api(a.session, s.server.url, `/api/connections/${conn.id}/test`, { method: "POST" });
      assert.equal(t.body.status, "wrong_address", target);
      const data = await api(a.session, s.server.url, `/api/connections/${conn.id}/documents/alt-uvi-0/data`);
      assert.equal(data.status, 502);
    }
    assert.equal(v4.connections(), 0);
  });
});
