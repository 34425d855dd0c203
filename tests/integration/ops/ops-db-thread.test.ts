import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { makeUser } from "../../support/connections";
import { ADMIN } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * The embedded database's thread (lib/db/pglite-remote.ts) ending as by a fault: the server cannot
 * write any more, so it ends with status 70 for its supervisor, and a start on the same DATA_DIR
 * finds everything that was committed before.
 */
describe("a crash of the embedded database's thread", () => {
  const suite = suiteServer({ database: "embedded" });

  test("ends the process with 70 and a line in German and English; a new start keeps every committed row", async () => {
    const { server } = suite;
    const manager = await makeUser(server, "manager", suite.admin);
    const renamed = await api(manager.session, server.url, "/api/me", { method: "PATCH", json: { locale: "en" } });
    assert.ok(renamed.status < 300, renamed.text);

    assert.equal(await server.crashDatabase(), 70);
    assert.match(server.output(), /Die eingebettete Datenbank ist ausgefallen; der Server beendet sich\./);
    assert.match(server.output(), /The embedded database failed; the server exits\./);
    assert.equal(server.running(), false);

    await server.restart();
    const again = await mustSignIn(server.url, manager.email, manager.password);
    const me = await api(again, server.url, "/api/me");
    assert.equal(me.status, 200, me.text);
    assert.equal((me.body as { locale: string }).locale, "en");
    await mustSignIn(server.url, ADMIN.email, ADMIN.password);
  });
});
