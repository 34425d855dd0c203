import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { create, extract } from "tar";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { assertInboxCountsAgree, mustSync, ndjson, putState, SANDBOX_BASIC, uvi } from "../../support/delivery";
import { awkwardBytes, sha256, upload } from "../../support/outbox";
import { deliveryState, emptyTarget, halt, opsEnv, runOps, withTargetDb, type Target } from "../../support/ops-backup";
import { ADMIN, startServer, type TestServer } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * `npm run backup` while the app confirms and syncs, `npm run restore` into an empty target, and
 * a server on the restored data that shows what the original showed (on the database the run
 * is for: embedded, or PostgreSQL with TEST_DATABASE_URL). The manifest is signed with a key
 * derived from ENCRYPTION_KEYS: a backup edited afterwards is refused unless --allow-unsigned.
 */

const ids = Array.from({ length: 240 }, (_, i) => `b-${i}`);

describe("backup and restore", () => {
  const s = suiteServer({ sandbox: true, env: { PROVIDER_TIMEOUT_MS: "5000" } });
  let a: Person;
  let conn = "";
  let work = "";
  const targets: Target[] = [];
  const restored: TestServer[] = [];

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), "arge-backups-"));
    await putState(
      s.server,
      ids.map((id, i) => uvi(id, `70${String(i % 60).padStart(4, "0")}`, i % 2 ? "2026-09" : "2026-10")),
    );
    a = await makeUser(s.server, "manager");
    conn = (
      await addConnection(s.server, a.session, { service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })
    ).id;
    await mustSync(a.session, s.server.url, conn);
  });
  after(async () => {
    for (const r of restored) await r.stop();
    for (const t of targets) await t.drop?.();
    await rm(work, { recursive: true, force: true });
  });

  const target = async () => {
    const t = await emptyTarget();
    targets.push(t);
    return t;
  };
  const restore = (file: string, t: Target) => runOps("restore", [file], opsEnv(s.server, t));

  test("a backup taken during a bulk confirmation and a sync restores to a state that passes the reconciliation rules", async () => {
    const file = path.join(work, "during.tgz");
    const confirming = ndjson(a.session, s.server.url, `/api/connections/${conn}/confirmations`, {
      documentids: ids.slice(0, 160),
    });
    const syncing = mustSync(a.session, s.server.url, conn);
    const backup = await runOps("backup", [file], opsEnv(s.server));
    assert.equal(backup.code, 0, backup.out);
    assert.match(backup.out, /ENCRYPTION_KEYS/);
    assert.equal((await confirming).status, 200);
    await syncing;

    const t = await target();
    const res = await restore(file, t);
    assert.equal(res.code, 0, res.out);
    await withTargetDb(t, async (query) => {
      // The provider (the sandbox, in the same database) confirmed nothing without the app's record of it.
      const [orphans] = await query(`SELECT count(*)::int AS n FROM sandbox_documents s WHERE s.confirmed
        AND NOT EXISTS (SELECT 1 FROM delivery_confirmations c WHERE c.documentid = s.documentid AND c.state IN ('pending', 'confirmed', 'unknown'))`);
      assert.equal(orphans!.n, 0);
      // A confirmed record always has its archived bytes.
      const [unarchived] = await query(
        `SELECT count(*)::int AS n FROM delivery_documents WHERE state = 'confirmed' AND sha256 IS NULL`,
      );
      assert.equal(unarchived!.n, 0);
    });
  });

  test("a server on the restored data signs in the same users, opens their secrets and shows the same records, events and files", async () => {
    const before = await deliveryState(await mustSignIn(s.server.url, ADMIN.email, ADMIN.password), s.server.url);
    assert.ok(
      before.some((r) => (r as { file: string | null }).file !== null),
      "some files are archived",
    );
    const file = path.join(work, "quiet.tgz");
    assert.equal((await runOps("backup", [file], opsEnv(s.server))).code, 0);
    const t = await target();
    assert.equal((await restore(file, t)).code, 0);

    // The restored connection still names the original server's sandbox: an address the copy must be allowed to reach.
    const copy = await startServer({
      sandbox: true,
      env: { ...opsEnv(s.server, t), PROVIDER_URL_ALLOWLIST: s.server.url },
    });
    restored.push(copy);
    const admin = await mustSignIn(copy.url, ADMIN.email, ADMIN.password);
    assert.deepEqual(await deliveryState(admin, copy.url), before);
    const manager = await mustSignIn(copy.url, a.email, a.password);
    const tested = await api(manager, copy.url, `/api/connections/${conn}/test`, { method: "POST" });
    assert.equal(tested.body.ok, true, tested.text);
    await assertInboxCountsAgree(manager, copy.url, ["2026-09", "2026-10"]);

    // The same file again, into the now filled target (its server stopped): refused.
    await halt(copy);
    const again = await restore(file, t);
    assert.notEqual(again.code, 0);
    assert.match(again.out, /nicht leer.*not empty/s);
    assert.doesNotMatch(again.out, /\n\s+at /, "no stack trace");
  });

  test("a backup with one changed byte in an archived file is refused", async () => {
    const file = path.join(work, "quiet.tgz");
    const unpacked = await mkdtemp(path.join(work, "tamper-"));
    await extract({ file, cwd: unpacked });
    const archived = readdirSync(path.join(unpacked, "archive"))[0]!;
    const bytes = readFileSync(path.join(unpacked, "archive", archived));
    bytes[Math.floor(bytes.length / 2)]! ^= 1;
    writeFileSync(path.join(unpacked, "archive", archived), bytes);
    const tampered = path.join(work, "tampered.tgz");
    await create({ gzip: true, cwd: unpacked, file: tampered }, ["manifest.json", "tables", "archive"]);
    const t = await target();
    const res = await restore(tampered, t);
    assert.notEqual(res.code, 0);
    assert.match(res.out, new RegExp(`Prüfsumme.*archive/${archived}`));
    await withTargetDb(t, async (query) =>
      assert.equal((await query("SELECT to_regclass('users') IS NULL AS none"))[0]!.none, true),
    );
  });

  test("a backup edited consistently (a planted admin, its table's hash and count recomputed) is refused; with --allow-unsigned it restores", async () => {
    const unpacked = await mkdtemp(path.join(work, "planted-"));
    await extract({ file: path.join(work, "quiet.tgz"), cwd: unpacked });
    const usersFile = path.join(unpacked, "tables", "users.ndjson");
    const rows = readFileSync(usersFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // The original admin's password hash under another address; the rows in the dump's order (by id), as a forger would
    // keep them.
    rows.push({
      ...rows.find((r) => r.email === ADMIN.email)!,
      id: "00000000-0000-4000-8000-000000000001",
      email: "planted@example.com",
    });
    rows.sort((x, y) => String(x.id).localeCompare(String(y.id)));
    writeFileSync(usersFile, rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
    const manifest = JSON.parse(readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
    Object.assign(
      manifest.tables.find((t: { name: string }) => t.name === "users"),
      { rows: rows.length, sha256: sha256(readFileSync(usersFile)) },
    );
    const pack = async (name: string, edited: unknown) => {
      writeFileSync(path.join(unpacked, "manifest.json"), JSON.stringify(edited, null, 2));
      await create({ gzip: true, cwd: unpacked, file: path.join(work, name) }, ["manifest.json", "tables", "archive"]);
      return path.join(work, name);
    };
    const forged = await pack("forged.tgz", manifest);
    const unsigned = await pack("unsigned.tgz", { ...manifest, signature: undefined });

    const t = await target();
    const refused = await restore(forged, t);
    assert.notEqual(refused.code, 0, refused.out);
    assert.match(refused.out, /Signatur.*verändert.*signature.*altered.*--allow-unsigned/s);
    const notSigned = await restore(unsigned, t);
    assert.notEqual(notSigned.code, 0, notSigned.out);
    assert.match(notSigned.out, /nicht signiert.*not signed/s);
    assert.doesNotMatch(refused.out + notSigned.out, /\n\s+at /, "no stack trace");
    await withTargetDb(t, async (query) =>
      assert.equal((await query("SELECT to_regclass('users') IS NULL AS none"))[0]!.none, true, "nothing restored"),
    );

    const opted = await runOps("restore", [forged, "--allow-unsigned"], opsEnv(s.server, t));
    assert.equal(opted.code, 0, opted.out);
    assert.match(opted.out, /WARNUNG.*WARNING/s);
    await withTargetDb(t, async (query) =>
      assert.equal((await query("SELECT role FROM users WHERE email = 'planted@example.com'"))[0]?.role, "admin"),
    );
  });

  test("a signed backup restores under rotated keys (the signing key listed after the new one), and is refused under other keys", async () => {
    const file = path.join(work, "quiet.tgz");
    const fresh = `n1:${randomBytes(32).toString("base64")}`;
    const t = await target();
    const other = await runOps("restore", [file], { ...opsEnv(s.server, t), ENCRYPTION_KEYS: fresh });
    assert.notEqual(other.code, 0, other.out);
    assert.match(other.out, /Schlüssel t1.*key t1/s);
    const rotated = await runOps("restore", [file], {
      ...opsEnv(s.server, t),
      ENCRYPTION_KEYS: `${fresh},${s.server.env.ENCRYPTION_KEYS}`,
    });
    assert.equal(rotated.code, 0, rotated.out);
  });

  test("a file sent through a DTA outbox is in the backup with the fetched ones", async () => {
    const dta = (
      await addConnection(s.server, a.session, {
        service: "dta",
        baseUrl: `${s.server.url}/dta`,
        auth: SANDBOX_BASIC,
        customerNumber: "4711",
      })
    ).id;
    const bytes = awkwardBytes(4096);
    const sent = await upload(a.session, s.server, dta, { name: "Nutzerwechsel.xml", bytes });
    assert.equal(sent.status, 201, sent.text);
    const file = path.join(work, "outbox.tgz");
    assert.equal((await runOps("backup", [file], opsEnv(s.server))).code, 0);
    const unpacked = await mkdtemp(path.join(work, "outbox-"));
    await extract({ file, cwd: unpacked });
    assert.ok(
      readdirSync(path.join(unpacked, "archive")).includes(sha256(bytes)),
      "the sent file's bytes are in the backup",
    );
  });

  test("the backup route answers only its token on loopback, and no server starts while a command holds DATA_DIR", async () => {
    const res = await fetch(`${s.server.url}/api/ops/backup`, {
      method: "POST",
      headers: { Authorization: "Bearer wrong" },
    });
    assert.equal(res.status, 404);
    const t = await target();
    writeFileSync(path.join(t.dataDir, "ops.lock"), JSON.stringify({ pid: process.pid }));
    const started = await startServer({ env: { DATA_DIR: t.dataDir, DATABASE_URL: "" } }).catch((err: Error) => err);
    if (!(started instanceof Error)) await started.stop();
    assert.ok(
      started instanceof Error && /DATA_DIR is in use by a command/.test(started.message),
      "the server refused to start",
    );
  });

  test("a server on the embedded database announces itself in DATA_DIR/ops.json while it runs, and takes it back when it stops", async () => {
    const own = await startServer({ env: { DATABASE_URL: "" } });
    const announcement = path.join(own.dataDir, "ops.json");
    try {
      assert.equal(JSON.parse(readFileSync(announcement, "utf8")).pid, own.pid());
      assert.equal(await own.terminate(), 143);
      assert.equal(existsSync(announcement), false);
    } finally {
      await own.stop();
    }
  });

  test("DATA_DIR is the app's user's alone: a start tightens a folder made 0755 and a file 0644 in it, and a backup of a stopped server is 0600", async () => {
    const t = await target();
    const dataDir = t.databaseUrl ? await mkdtemp(path.join(work, "private-")) : t.dataDir;
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, "note.txt"), "left by hand", { mode: 0o644 });
    chmodSync(path.join(dataDir, "note.txt"), 0o644);
    const own = await startServer({ env: { DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl } });
    try {
      const wide: string[] = [];
      const walk = (entry: string) => {
        const stat = lstatSync(entry);
        if ((stat.mode & 0o077) !== 0) wide.push(`${path.relative(dataDir, entry)} ${(stat.mode & 0o777).toString(8)}`);
        if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
      };
      walk(dataDir);
      assert.deepEqual(wide, [], "nothing in DATA_DIR is readable by other users");
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      assert.match(own.output(), /DATA_DIR was readable by other users/);
      assert.equal(await own.terminate(), 143);
      const file = path.join(work, "stopped.tgz");
      assert.equal(
        (await runOps("backup", [file], { ...opsEnv(own, { dataDir, databaseUrl: t.databaseUrl }) })).code,
        0,
      );
      assert.equal(statSync(file).mode & 0o777, 0o600, "the backup file");
    } finally {
      await own.stop();
    }
  });
});
