import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { addConnection, makeUser, type Person } from "../support/connections";
import { startServer, type TestServer } from "../support/server";
import { api, mustSignIn } from "../support/session";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const key = (kid: string) => `${kid}:${randomBytes(32).toString("base64")}`;

describe("key rotation (npm run keys:rotate) and secrets no key opens", () => {
  let server: TestServer;
  let alt: AltProvider;
  let a: Person;
  const k1 = key("old1");
  const k2 = key("new2");

  before(async () => {
    alt = await startAltProvider();
    server = await startServer({ env: { PROVIDER_URL_ALLOWLIST: alt.origin, ENCRYPTION_KEYS: k1 } });
    a = await makeUser(server, "manager");
  });
  after(async () => {
    await server.stop();
    await alt.close();
  });

  /** Stops the app through the harness: a restart with an invalid configuration exits at once. */
  async function halt() {
    server.env.ENCRYPTION_KEYS = "invalid";
    await assert.rejects(server.restart());
  }
  async function startWith(keys: string) {
    server.env.ENCRYPTION_KEYS = keys;
    await server.restart();
    a.session = await mustSignIn(server.url, a.email, a.password);
  }
  function rotate(keys: string) {
    return spawnSync("npm", ["run", "--silent", "keys:rotate"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...server.env, ENCRYPTION_KEYS: keys },
      encoding: "utf8",
    });
  }
  const testIt = async (id: string) => (await api(a.session, server.url, `/api/connections/${id}/test`, { method: "POST" })).body;

  test("re-seals with the first key; afterwards the old key is no longer needed", async () => {
    const conn = await addConnection(server, a.session, { service: "uvi", baseUrl: alt.uviBase, auth: { type: "basic", ...alt.basic } });
    assert.equal((await testIt(conn.id)).status, "ok");
    await halt();
    const r = rotate(`${k2},${k1}`);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /1 re-sealed/);
    assert.ok(!r.stdout.includes(alt.basic.password));
    const again = rotate(`${k2},${k1}`);
    assert.match(again.stdout, /0 re-sealed, 1 already current/);
    await startWith(k2);
    assert.equal((await testIt(conn.id)).status, "ok");

    // A key that opens nothing: a clear error on that connection, never plaintext.
    await halt();
    await startWith(key("other3"));
    const t = await testIt(conn.id);
    assert.equal(t.status, "secret_unreadable");
    const list = await api(a.session, server.url, `/api/connections/${conn.id}/documents`);
    assert.equal(list.status, 409);
    assert.equal(list.body.error, "secret_unreadable");
    assert.ok(!list.text.includes(alt.basic.password));
    assert.equal((await api(a.session, server.url, "/api/connections")).status, 200, "the list of connections still works");
    assert.ok(!server.output().includes(alt.basic.password));
  });
});
