import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { freePort } from "../support/server";
import { api, signIn } from "../support/session";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

test("npm run demo serves the sign-in page and the login it prints works", async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "arge-demo-"));
  const child = spawn(process.execPath, ["lib/cli/demo.mjs"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  try {
    const deadline = Date.now() + 90_000;
    while (!/Beenden \/ stop/.test(out)) {
      assert.ok(Date.now() < deadline, `demo did not finish starting:\n${out}`);
      assert.equal(child.exitCode, null, `demo exited:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const base = `http://localhost:${port}`;
    assert.match(out, new RegExp(`URL:\\s+${base}`));
    const [, email, password] = /login:\s+(\S+)\s+\/\s+(\S+)/.exec(out) ?? [];
    assert.ok(email && password, "login printed");
    assert.match(out, /Sandbox-Token:\s+\S{16,}/);
    const page = await fetch(`${base}/login`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Anmelden/);
    const res = await signIn(base, email, password);
    assert.ok(res.session, "the printed login signs in");
    const me = await api(res.session!, base, "/api/me");
    assert.equal(me.body.role, "admin");
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
