import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { api, mustSignIn } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const key = (kid: string) => `${kid}:${randomBytes(32).toString("base64")}`;

describe("key rotation (npm run keys:rotate) and secrets no key opens", () => {
  let a: Person;
  const k1 = key("old1");
  const k2 = key("new2");

  const p = altProviderSuite();
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: p.alt.origin, ENCRYPTION_KEYS: k1 } }));
  before(async () => {
    a = await makeUser(s.server, "manager");
  });

  /** Stops the app through the harness: a restart with an invalid configuration exits at once. */
  async function halt() {
    s.server.env.ENCRYPTION_KEYS = "invalid";
    await assert.rejects(s.server.restart());
  }
  async function startWith(keys: string) {
    s.server.env.ENCRYPTION_KEYS = keys;
    await s.server.restart();
    a.session = await mustSignIn(s.server.url, a.email, a.password);
  }
  function rotate(keys: string) {
    return spawnSync("npm", ["run", "--silent", "keys:rotate"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        ...s.server.env,
        ENCRYPTION_KEYS: keys,
      },
      encoding: "utf8",
    });
  }
  const testIt = async (id: string) =>
    (await api(a.session, s.server.url, `/api/connections/${id}/test`, { method: "POST" })).body;

  test("re-seals with the first key; afterwards the old key is no longer needed", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    assert.equal((await testIt(conn.id)).status, "ok");
    await halt();
    const r = rotate(`${k2},${k1}`);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /1 re-sealed/);
    assert.ok(!r.stdout.includes(p.alt.basic.password));
    const again = rotate(`${k2},${k1}`);
    assert.match(again.stdout, /0 re-sealed, 1 already current/);
    await startWith(k2);
    assert.equal((await testIt(conn.id)).status, "ok");

    // A key that opens nothing: a clear error on that connection, never plaintext.
    await halt();
    await startWith(key("other3"));
    const t = await testIt(conn.id);
    assert.equal(t.status, "secret_unreadable");
    const list = await api(a.session, s.server.url, `/api/connections/${conn.id}/documents`);
    assert.equal(list.status, 409);
    assert.equal(list.body.error, "secret_unreadable");
    assert.ok(!list.text.includes(p.alt.basic.password));
    assert.equal(
      (await api(a.session, s.server.url, "/api/connections")).status,
      200,
      "the list of connections still works",
    );
    assert.ok(!s.server.output().includes(p.alt.basic.password));
  });
});
