import "../support/unit-env";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { keyIdOf, needsReseal, open, seal, SecretUnreadableError } from "@/lib/crypto/envelope";

const k1 = { kid: "k1", key: randomBytes(32) };
const k2 = { kid: "k2", key: randomBytes(32) };

describe("sealed secrets (AES-256-GCM envelope)", () => {
  test("round trip with the first key; the envelope names the key and hides the plaintext", () => {
    const env = seal("geheim-123", [k1, k2], "connections:a:password");
    assert.match(env, /^v1\.k1\./);
    assert.equal(keyIdOf(env), "k1");
    assert.ok(!env.includes("geheim"));
    assert.equal(open(env, [k2, k1], "connections:a:password"), "geheim-123");
  });

  test("two seals of the same value differ (fresh IV)", () => {
    assert.notEqual(seal("x", [k1], "ad"), seal("x", [k1], "ad"));
  });

  test("other associated data, a missing key, or a changed byte do not open", () => {
    const env = seal("geheim", [k1], "connections:a:password");
    assert.throws(
      () => open(env, [k1], "connections:b:password"),
      (e: unknown) => e instanceof SecretUnreadableError && e.reason === "tampered",
    );
    assert.throws(
      () => open(env, [k2], "connections:a:password"),
      (e: unknown) => e instanceof SecretUnreadableError && e.reason === "unknown_key",
    );
    const parts = env.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    assert.throws(() => open(parts.join("."), [k1], "connections:a:password"), SecretUnreadableError);
    assert.throws(
      () => open("plaintext", [k1], "x"),
      (e: unknown) => e instanceof SecretUnreadableError && e.reason === "format",
    );
  });

  test("the error never carries the plaintext", () => {
    const env = seal("super-secret-value", [k1], "ad");
    try {
      open(env, [k1], "other");
      assert.fail("should not open");
    } catch (err) {
      assert.ok(!String((err as Error).message).includes("super-secret-value"));
    }
  });

  test("needsReseal is true only for envelopes of an older key", () => {
    assert.equal(needsReseal(seal("x", [k1], "ad"), [k1, k2]), false);
    assert.equal(needsReseal(seal("x", [k1], "ad"), [k2, k1]), true);
  });

  test("without a 32-byte key nothing is sealed (never plaintext)", () => {
    assert.throws(() => seal("x", [], "ad"));
    assert.throws(() => seal("x", [{ kid: "s", key: randomBytes(16) }], "ad"));
  });
});
