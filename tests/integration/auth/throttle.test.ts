import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ADMIN } from "../../support/server";
import { signIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

// Addresses are told apart by X-Forwarded-For as one trusted proxy (TRUSTED_PROXIES=1) appends it.
const from = (ip: string) => ({ "X-Forwarded-For": ip });

describe("sign-in throttling", () => {
  const s = suiteServer({ env: { TRUSTED_PROXIES: "1" } });

  test("ten failures for one account block it (429, Retry-After) even with the right password, from an address that failed", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await signIn(s.server.url, ADMIN.email, `wrong-${i}`, from(`10.0.1.${i + 1}`));
      assert.equal(res.session, undefined);
      assert.notEqual(res.status, 429, `attempt ${i + 1} is not throttled yet`);
    }
    const blocked = await signIn(s.server.url, ADMIN.email, ADMIN.password, from("10.0.1.1"));
    assert.equal(blocked.status, 429);
    assert.equal(blocked.session, undefined);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    const body = (await blocked.json()) as { error: string; message: string };
    assert.equal(body.error, "too_many_attempts");
    assert.match(body.message, /Minuten/);
  });

  test("the block holds across a restart (kept in the database)", async () => {
    await s.server.restart();
    const blocked = await signIn(s.server.url, ADMIN.email, ADMIN.password, {
      ...from("10.0.1.2"),
      "Accept-Language": "en",
    });
    assert.equal(blocked.status, 429);
    assert.match(((await blocked.json()) as { message: string }).message, /wait \d+ minutes/);
  });

  test("ten failures from one address block that address for every account", async () => {
    for (let i = 0; i < 10; i++) {
      await signIn(s.server.url, `someone-${i}@example.com`, "wrong-password", from("10.0.2.7"));
    }
    const blocked = await signIn(s.server.url, `fresh@example.com`, "whatever-pass", from("10.0.2.7"));
    assert.equal(blocked.status, 429);
    const elsewhere = await signIn(s.server.url, `fresh@example.com`, "whatever-pass", from("10.0.2.8"));
    assert.notEqual(elsewhere.status, 429);
  });
});
