import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { mustSync, ndjson, putState, SANDBOX_BASIC, uvi } from "../../support/delivery";
import { deliveryState, emptyTarget, halt, opsEnv, runOps, type Target } from "../../support/ops-backup";
import { ADMIN, startServer, testDatabaseUrl, type TestServer } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * `npm run db:copy`: an embedded server's DATA_DIR (server stopped) into an empty PostgreSQL
 * database, then a server on that database shows what the embedded one showed. Needs
 * TEST_DATABASE_URL (a PostgreSQL server to copy into).
 */

const ids = Array.from({ length: 120 }, (_, i) => `p-${i}`);

describe(
  "db:copy from the embedded database to PostgreSQL",
  { skip: !testDatabaseUrl() && "needs TEST_DATABASE_URL" },
  () => {
    const s = suiteServer({ sandbox: true, env: { DATABASE_URL: "" } });
    let copy: TestServer | undefined;
    let target: Target | undefined;
    let a: Person;
    let conn = "";

    before(async () => {
      await putState(
        s.server,
        ids.map((id, i) => uvi(id, `80${String(i % 30).padStart(4, "0")}`)),
      );
      a = await makeUser(s.server, "manager");
      conn = (
        await addConnection(s.server, a.session, {
          service: "uvi",
          baseUrl: `${s.server.url}/arge`,
          auth: SANDBOX_BASIC,
        })
      ).id;
      await mustSync(a.session, s.server.url, conn);
      assert.equal(
        (
          await ndjson(a.session, s.server.url, `/api/connections/${conn}/confirmations`, {
            documentids: ids.slice(0, 50),
          })
        ).status,
        200,
      );
    });
    after(async () => {
      await copy?.stop();
      await target?.drop?.();
    });

    test("copies everything, refuses to run beside the server and into a filled database, and a server on the copy shows the same", async () => {
      const before = await deliveryState(await mustSignIn(s.server.url, ADMIN.email, ADMIN.password), s.server.url);
      target = await emptyTarget(true);
      const env = opsEnv(s.server, { dataDir: s.server.dataDir, databaseUrl: "" });

      // The target with its password comes from the environment: on the command line every local user would see it.
      const withTarget = { ...env, DB_COPY_TARGET: target.databaseUrl };
      const onCommandLine = await runOps("db-copy", [target.databaseUrl], env);
      assert.notEqual(onCommandLine.code, 0);
      assert.match(onCommandLine.out, /Prozessliste.*process list/s);
      assert.ok(!onCommandLine.out.includes(new URL(target.databaseUrl).password), "nor is it printed");

      const beside = await runOps("db-copy", [], withTarget);
      assert.notEqual(beside.code, 0);
      assert.match(beside.out, /läuft ein Server.*server runs/s);

      await halt(s.server);
      const copied = await runOps("db-copy", [], withTarget);
      assert.equal(copied.code, 0, copied.out);
      assert.match(copied.out, /100 %/);
      const twice = await runOps("db-copy", [], withTarget);
      assert.notEqual(twice.code, 0);
      assert.match(twice.out, /nicht leer.*not empty/s);

      await s.server.restart(); // the provider the copied connection talks to
      copy = await startServer({
        sandbox: true,
        env: { ...opsEnv(s.server, target), PROVIDER_URL_ALLOWLIST: s.server.url },
      });
      assert.deepEqual(await deliveryState(await mustSignIn(copy.url, ADMIN.email, ADMIN.password), copy.url), before);
      const tested = await api(
        await mustSignIn(copy.url, a.email, a.password),
        copy.url,
        `/api/connections/${conn}/test`,
        { method: "POST" },
      );
      assert.equal(tested.body.ok, true, tested.text);
    });
  },
);
