import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, parseEnv } from "@/lib/env";

const dir = () => mkdtempSync(path.join(tmpdir(), "arge-env-"));

describe("parseEnv", () => {
  test("defaults follow the README's configuration table", () => {
    const d = dir();
    const e = parseEnv({ DATA_DIR: d });
    assert.equal(e.port, 3000);
    assert.equal(e.providerTimeoutMs, 30000);
    assert.equal(e.sandbox, false);
    assert.equal(e.databaseUrl, undefined);
    assert.deepEqual(e.providerUrlAllowlist, []);
    rmSync(d, { recursive: true });
  });

  test("outside production, missing secrets are generated once into DATA_DIR and reused", () => {
    const d = dir();
    const a = parseEnv({ DATA_DIR: d, NODE_ENV: "development", SANDBOX: "1" });
    const b = parseEnv({ DATA_DIR: d, NODE_ENV: "development", SANDBOX: "1" });
    assert.equal(a.authSecret, b.authSecret);
    assert.ok(a.authSecret.length >= 32);
    assert.deepEqual(a.encryptionKeys[0]!.key, b.encryptionKeys[0]!.key);
    assert.equal(a.encryptionKeys[0]!.key.length, 32);
    assert.equal(a.sandboxAdminToken, b.sandboxAdminToken);
    const file = path.join(d, "generated-secrets.json");
    assert.equal(statSync(file).mode & 0o077, 0, "readable by the owner only");
    assert.match(readFileSync(file, "utf8"), /authSecret/);
    rmSync(d, { recursive: true });
  });

  test("given secrets win over generated ones", () => {
    const d = dir();
    const key = Buffer.alloc(32, 1).toString("base64");
    const e = parseEnv({
      DATA_DIR: d,
      AUTH_SECRET: "s".repeat(32),
      ENCRYPTION_KEYS: `a:${key}, b:${Buffer.alloc(32, 2).toString("base64")}`,
    });
    assert.equal(e.authSecret, "s".repeat(32));
    assert.deepEqual(
      e.encryptionKeys.map((k) => k.kid),
      ["a", "b"],
    );
    rmSync(d, { recursive: true });
  });

  test("production refuses missing AUTH_SECRET and ENCRYPTION_KEYS by name", () => {
    assert.throws(
      () => parseEnv({ NODE_ENV: "production", ENCRYPTION_KEYS: `k:${Buffer.alloc(32).toString("base64")}` }),
      (e: Error) => e instanceof ConfigError && /AUTH_SECRET/.test(e.message),
    );
    assert.throws(() => parseEnv({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) }), /ENCRYPTION_KEYS/);
  });

  test("malformed values are named", () => {
    for (const [name, value] of [
      ["PORT", "http"],
      ["PORT", "70000"],
      ["DATABASE_URL", "mysql://x"],
      ["ENCRYPTION_KEYS", "k1:c2hvcnQ="],
      ["ENCRYPTION_KEYS", `a:${Buffer.alloc(32).toString("base64")},a:${Buffer.alloc(32).toString("base64")}`],
      ["PROVIDER_URL_ALLOWLIST", "ftp://x"],
      ["SANDBOX", "yes"],
      ["ADMIN_EMAIL", "nope"],
      ["PUBLIC_URL", "https://inbox.example.de/app"],
      ["PUBLIC_URL", "ftp://inbox.example.de"],
      ["PUBLIC_URL", `https://${"a".repeat(200)}.de`],
      ["MAX_DOCUMENT_MB", "0"],
      ["SYNC_MAX_DOCUMENTS", "1.5"],
    ]) {
      assert.throws(
        () =>
          parseEnv({
            DATA_DIR: dir(),
            [name!]: value,
            ...(name === "ADMIN_EMAIL" ? { ADMIN_PASSWORD: "long-enough-1" } : {}),
          }),
        (e: Error) => e instanceof ConfigError && e.message.includes(name!),
        `${name}=${value}`,
      );
    }
  });

  test("the allowlist is normalised to origins; ADMIN_EMAIL needs ADMIN_PASSWORD", () => {
    const e = parseEnv({
      DATA_DIR: dir(),
      PROVIDER_URL_ALLOWLIST: "http://127.0.0.1:4010/, https://api.example.de/arge",
    });
    assert.deepEqual(e.providerUrlAllowlist, ["http://127.0.0.1:4010", "https://api.example.de"]);
    assert.throws(() => parseEnv({ DATA_DIR: dir(), ADMIN_EMAIL: "a@b.de" }), /ADMIN_PASSWORD/);
  });

  test("the bounds on provider answers have their defaults; PUBLIC_URL is kept as an origin", () => {
    const e = parseEnv({ DATA_DIR: dir(), PUBLIC_URL: "https://inbox.example.de/" });
    assert.equal(e.publicUrl, "https://inbox.example.de");
    assert.equal(e.maxDocumentBytes, 64 * 1024 * 1024);
    assert.equal(e.syncMaxDocuments, 1_000_000);
    assert.equal(parseEnv({ DATA_DIR: dir(), MAX_DOCUMENT_MB: "0.5" }).maxDocumentBytes, 512 * 1024);
  });

  test("links point at PUBLIC_URL; with SANDBOX=1 and none, at the address the server listens at; else nowhere", () => {
    const listen = { ARGE_LISTEN_URL: "http://127.0.0.1:4321" };
    assert.equal(
      parseEnv({ DATA_DIR: dir(), PUBLIC_URL: "https://inbox.example.de" }).linkOrigin,
      "https://inbox.example.de",
    );
    assert.equal(parseEnv({ DATA_DIR: dir(), SANDBOX: "1", ...listen }).linkOrigin, "http://127.0.0.1:4321");
    assert.equal(parseEnv({ DATA_DIR: dir(), SANDBOX: "1", PORT: "3100" }).linkOrigin, "http://localhost:3100");
    assert.equal(
      parseEnv({ DATA_DIR: dir(), ...listen }).linkOrigin,
      undefined,
      "never the listening address outside the sandbox",
    );
  });

  test("ARGE_TEST_SCRYPT_N counts only under the test helper's ARGE_TEST_HOOKS, and only as a power of two up to 2^17", () => {
    const d = dir();
    assert.equal(parseEnv({ DATA_DIR: d }).testScryptN, undefined);
    assert.equal(parseEnv({ DATA_DIR: d, ARGE_TEST_SCRYPT_N: "1024" }).testScryptN, undefined, "without the hooks");
    assert.equal(parseEnv({ DATA_DIR: d, ARGE_TEST_HOOKS: "1", ARGE_TEST_SCRYPT_N: "1024" }).testScryptN, 1024);
    for (const bad of ["1000", "512", "262144"])
      assert.throws(() => parseEnv({ DATA_DIR: d, ARGE_TEST_SCRYPT_N: bad }), /ARGE_TEST_SCRYPT_N/, bad);
    rmSync(d, { recursive: true });
  });
});
