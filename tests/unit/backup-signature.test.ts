import "../support/unit-env";
import assert from "node:assert/strict";
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Manifest } from "@/lib/ops/backup/manifest";
import { checkSignature, signManifest } from "@/lib/ops/backup/signature";

const k1 = { kid: "k1", key: randomBytes(32) };
const k2 = { kid: "k2", key: randomBytes(32) };

const MANIFEST: Manifest = {
  format: "arge-inbox-backup",
  formatVersion: 1,
  schemaVersion: "0027_portal_links_follow_register",
  createdAt: "2026-01-02T03:04:05.000Z",
  sourceEngine: "pglite",
  tables: [{ name: "users", rows: 2, sha256: "a".repeat(64) }],
  files: [{ sha256: "b".repeat(64), bytes: 10 }],
};

describe("the backup manifest's signature", () => {
  let staging = "";
  before(async () => {
    staging = await mkdtemp(path.join(tmpdir(), "arge-signature-"));
  });
  after(() => rm(staging, { recursive: true, force: true }));
  const check = async (json: string, keys = [k1]) => {
    await writeFile(path.join(staging, "manifest.json"), json);
    return checkSignature(staging, keys);
  };

  test("holds however the JSON is laid out, and under rotated keys (the signing key listed after the new one)", async () => {
    const signed = signManifest(MANIFEST, [k1, k2]);
    assert.equal(signed.signature.kid, "k1");
    assert.deepEqual(await check(JSON.stringify(signed, null, 2)), { state: "valid", kid: "k1" });
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    assert.deepEqual(await check(JSON.stringify(reordered), [k2, k1]), { state: "valid", kid: "k1" });
  });

  test("a changed count, an added field or a removed signature does not hold; nor does another key", async () => {
    const signed = signManifest(MANIFEST, [k1]);
    const changed = { ...signed, tables: [{ ...signed.tables[0]!, rows: 3 }] };
    assert.deepEqual(await check(JSON.stringify(changed)), { state: "altered", kid: "k1" });
    assert.deepEqual(await check(JSON.stringify({ ...signed, note: "x" })), { state: "altered", kid: "k1" });
    assert.deepEqual(await check(JSON.stringify({ ...signed, signature: undefined })), { state: "unsigned" });
    assert.deepEqual(await check(JSON.stringify(signed), [k2]), { state: "unknown-key", kid: "k1" });
  });

  test("the MAC: HMAC-SHA256 over the sorted, compact JSON, with a key derived for this purpose (HKDF), not the encryption key itself", () => {
    const { signature, ...body } = signManifest(MANIFEST, [k1]);
    const sorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sorted)
        : v && typeof v === "object"
          ? Object.fromEntries(
              Object.entries(v)
                .sort(([a], [b]) => (a < b ? -1 : 1))
                .map(([k, x]) => [k, sorted(x)]),
            )
          : v;
    const bytes = JSON.stringify(sorted(body));
    const derived = Buffer.from(
      hkdfSync("sha256", k1.key, Buffer.alloc(0), "arge-inbox backup manifest signature v1", 32),
    );
    assert.equal(signature.mac, createHmac("sha256", derived).update(bytes).digest("hex"));
    assert.notEqual(signature.mac, createHmac("sha256", k1.key).update(bytes).digest("hex"));
  });
});
