import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { freePort } from "../../support/server";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

/** Starts `next start` and returns what it printed when it stopped (it must stop by itself). */
async function startExpectingFailure(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "arge-cfg-"));
  try {
    const r = spawnSync(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "-p", String(await freePort()), "-H", "127.0.0.1"],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir, ...env },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const goodKeys = `k1:${Buffer.alloc(32, 7).toString("base64")}`;
const goodSecret = "x".repeat(40);

describe("configuration at start", () => {
  test("production refuses to start without AUTH_SECRET, naming the variable", async () => {
    const r = await startExpectingFailure({ ENCRYPTION_KEYS: goodKeys });
    assert.notEqual(r.status, 0);
    assert.match(r.output, /AUTH_SECRET/);
    assert.doesNotMatch(r.output, /\n\s+at .+\(.+:\d+:\d+\)/, "no stack trace");
  });

  test("production refuses to start without ENCRYPTION_KEYS, naming the variable", async () => {
    const r = await startExpectingFailure({ AUTH_SECRET: goodSecret });
    assert.notEqual(r.status, 0);
    assert.match(r.output, /ENCRYPTION_KEYS/);
  });

  test("a malformed value stops the start with a clear message", async () => {
    const r = await startExpectingFailure({
      AUTH_SECRET: goodSecret,
      ENCRYPTION_KEYS: "k1:tooshort",
      PROVIDER_TIMEOUT_MS: "soon",
    });
    assert.notEqual(r.status, 0);
    assert.match(r.output, /ENCRYPTION_KEYS: expected kid:base64key/);
    assert.match(r.output, /PROVIDER_TIMEOUT_MS/);
    assert.doesNotMatch(r.output, /\n\s+at .+\(.+:\d+:\d+\)/, "no stack trace");
  });

  test("the test helper's channel (ARGE_TEST_HOOKS) is refused by a start that the helper did not make", async () => {
    const r = await startExpectingFailure({ AUTH_SECRET: goodSecret, ENCRYPTION_KEYS: goodKeys, ARGE_TEST_HOOKS: "1" });
    assert.notEqual(r.status, 0);
    assert.match(r.output, /ARGE_TEST_HOOKS is for the test helper only/);
  });
});
