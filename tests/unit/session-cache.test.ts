import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { encode } from "next-auth/jwt";
import { openSessionToken } from "@/lib/auth/session-token";
import { forgetSessionChecks, rememberedSessionCheck } from "@/lib/auth/session-checks";

const SECRET = "unit-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const claims = { uid: "0b0a7b0e-2a4c-4f7e-9d2a-3f8f3c6a1b2c", sv: 3, authTime: Math.floor(Date.now() / 1000) };

describe("session token", () => {
  test("opens what next-auth encodes, and nothing else", async () => {
    const token = await encode({ token: claims, secret: SECRET, maxAge: 3600 });
    const opened = await openSessionToken(token, SECRET);
    assert.equal(opened?.uid, claims.uid);
    assert.equal(opened?.sv, claims.sv);
    // Remembered: the same answer again.
    assert.deepEqual(await openSessionToken(token, SECRET), opened);
    // A changed byte is another token, and it does not open.
    const i = token.length - 10;
    const tampered = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
    assert.equal(await openSessionToken(tampered, SECRET), null);
    assert.equal(await openSessionToken(token, `${SECRET}-other`), null);
    assert.equal(await openSessionToken("not-a-token", SECRET), null);
  });

  test("an expired token does not open (beyond the 15 s tolerance)", async () => {
    const token = await encode({ token: claims, secret: SECRET, maxAge: -60 });
    assert.equal(await openSessionToken(token, SECRET), null);
  });
});

describe("remembered session checks (embedded database)", () => {
  const found = (n: number) => ({ ok: true, n });

  test("a kept result is answered again until something is forgotten", async () => {
    let calls = 0;
    const check = async () => found(++calls);
    const keep = (v: { ok: boolean }) => v.ok;
    assert.equal((await rememberedSessionCheck("k1", check, keep)).n, 1);
    assert.equal((await rememberedSessionCheck("k1", check, keep)).n, 1);
    assert.equal((await rememberedSessionCheck("k2", check, keep)).n, 2);
    forgetSessionChecks();
    assert.equal((await rememberedSessionCheck("k1", check, keep)).n, 3);
  });

  test("results the caller does not keep are asked for every time", async () => {
    let calls = 0;
    const check = async () => ({ ok: false, n: ++calls });
    await rememberedSessionCheck("k3", check, (v) => v.ok);
    assert.equal((await rememberedSessionCheck("k3", check, (v) => v.ok)).n, 2);
  });

  test("a check that began before a forget is not remembered", async () => {
    let calls = 0;
    const slow = async () => {
      const n = ++calls;
      forgetSessionChecks(); // a write happens while the check runs
      return found(n);
    };
    await rememberedSessionCheck("k4", slow, () => true);
    assert.equal(
      (
        await rememberedSessionCheck(
          "k4",
          async () => found(++calls),
          () => true,
        )
      ).n,
      2,
    );
  });
});
