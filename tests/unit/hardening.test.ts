import "../support/unit-env";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { isCommonPassword } from "@/lib/common-passwords";
import { hashingLoad, hashPassword, MAX_CONCURRENT_HASHES, needsRehash, verifyPassword } from "@/lib/auth/password";
import { safeContentType } from "@/lib/connections/files";
import { parseEnv } from "@/lib/env";
import { createLogger, redactDeep } from "@/lib/log";
import { ProviderError } from "@/lib/provider/errors";
import { checkUrl, isPublicAddress } from "@/lib/provider/guard";
import { canonicalPortalUrl, clientAddressOf } from "../../lib/cli/serve.mjs";

const refused = (e: unknown) => e instanceof ProviderError && e.kind === "refused";

describe("client address (lib/cli/serve.mjs)", () => {
  const of = clientAddressOf as (
    socket: string | undefined,
    header: string | string[] | undefined,
    hops: number,
  ) => string;
  test("no trusted proxy: the socket's address, whatever X-Forwarded-For says", () => {
    assert.equal(of("127.0.0.1", "203.0.113.9", 0), "127.0.0.1");
    assert.equal(of("::ffff:10.0.0.7", undefined, 0), "10.0.0.7");
    assert.equal(of("::1", "1.2.3.4, 5.6.7.8", 0), "::1");
  });
  test("N trusted proxies: the Nth entry from the right; fewer entries: the leftmost; none: the socket", () => {
    assert.equal(of("10.0.0.1", "forged, 198.51.100.4", 1), "198.51.100.4");
    assert.equal(of("10.0.0.1", "forged, 198.51.100.4, 10.0.0.2", 2), "198.51.100.4");
    assert.equal(of("10.0.0.1", ["a, b", "c"], 1), "c");
    assert.equal(of("10.0.0.1", "198.51.100.4", 3), "198.51.100.4");
    assert.equal(of("10.0.0.1", undefined, 1), "10.0.0.1");
  });
});

describe("portal paths (lib/cli/serve.mjs)", () => {
  const canonical = canonicalPortalUrl as (url: string | undefined) => string;
  const t = "T".repeat(43);
  test("a path under /r in a form Next would redirect is its resolved form, without a trailing slash", () => {
    for (const url of [`/r/${t}/`, `//r/${t}`, `/r//${t}`, `/r\\${t}`, `/./r/${t}`, `/x/../r/${t}`, `/r/%2E/${t}/.`])
      assert.equal(canonical(url), `/r/${t}`, url);
    assert.equal(canonical(`/r/${t}//documents/abc/?x=1`), `/r/${t}/documents/abc?x=1`);
    assert.equal(canonical(`/r/${t}/documents/%2e%2E`), `/r/${t}`);
    assert.equal(canonical(`http://example.org//r/${t}`), `/r/${t}`);
    assert.equal(canonical(`/r/${t}`), `/r/${t}`);
  });
  test("a path that starts under /r but resolves elsewhere is /r; any other path is left as it came", () => {
    assert.equal(canonical(`/r/${t}/../../api/me`), "/r");
    assert.equal(canonical(`/r/${t}/..`), "/r");
    assert.equal(canonical("//r/"), "/r");
    for (const url of ["/api//me", "/units/", "/x//r/y", "/%72/y", "/rr/y", "*", undefined])
      assert.equal(canonical(url), url, String(url));
  });
  test("the consent pages' paths (docs/api.md, \"Consent\") are read as the portal's", () => {
    for (const root of ["einwilligung", "widerspruch"]) {
      for (const url of [`/${root}/${t}/`, `//${root}/${t}`, `/${root}\\${t}`, `/./${root}/${t}/.`])
        assert.equal(canonical(url), `/${root}/${t}`, url);
      assert.equal(canonical(`/${root}/${t}/?lang=en`), `/${root}/${t}?lang=en`);
      assert.equal(canonical(`/${root}/${t}/../../api/me`), `/${root}`);
    }
  });
});

describe("configuration", () => {
  test("TRUSTED_PROXIES defaults to 0 and SESSION_MAX_HOURS to 12; malformed values stop the start", () => {
    const d = mkdtempSync(path.join(tmpdir(), "arge-env-"));
    const e = parseEnv({ DATA_DIR: d });
    assert.equal(e.trustedProxies, 0);
    assert.equal(e.sessionMaxHours, 12);
    assert.equal(parseEnv({ DATA_DIR: d, TRUSTED_PROXIES: "2", SESSION_MAX_HOURS: "0.5" }).trustedProxies, 2);
    assert.throws(() => parseEnv({ DATA_DIR: d, TRUSTED_PROXIES: "1.5" }), /TRUSTED_PROXIES/);
    assert.throws(() => parseEnv({ DATA_DIR: d, SESSION_MAX_HOURS: "0" }), /SESSION_MAX_HOURS/);
    assert.throws(
      () => parseEnv({ DATA_DIR: d, ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "password123" }),
      /ADMIN_PASSWORD/,
    );
    rmSync(d, { recursive: true });
  });
});

describe("passwords", () => {
  test("hashes are computed one at a time: a burst waits in line", async () => {
    assert.equal(MAX_CONCURRENT_HASHES, 1);
    const burst = [1, 2, 3, 4].map((i) => hashPassword(`burst-${i}-password`));
    assert.deepEqual(hashingLoad(), { busy: 1, waiting: 3 });
    await burst[0];
    assert.ok(hashingLoad().busy <= 1);
    await Promise.all(burst);
    assert.deepEqual(hashingLoad(), { busy: 0, waiting: 0 });
  });

  test("weaker stored parameters need a re-hash; absurd ones never verify", async () => {
    assert.equal(needsRehash("scrypt$32768$8$1$c2FsdA==$a2V5"), true);
    assert.equal(needsRehash(await hashPassword("current-params-1")), false);
    assert.equal(await verifyPassword("x", "scrypt$1073741824$8$1$c2FsdA==$a2V5"), false);
  });

  test("the most common passwords are refused, ordinary ones are not", () => {
    for (const p of ["Passwort123", "1234567890", " QWERTZUIOP ", "abcabcabcabc", "xxxxxxxxxxxx", "1212121212"])
      assert.equal(isCommonPassword(p), true, p);
    for (const p of ["admin-password-1", "manager-pass-1", "violet-harbour-lantern", "e2e-password-1"])
      assert.equal(isCommonPassword(p), false, p);
  });
});

describe("log", () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { logger: createLogger("info", out), lines };
  }

  test("secrets are redacted at any depth, in arrays and in errors' own fields", async () => {
    const { logger, lines } = capture();
    logger.info(
      {
        a: { b: { c: { d: { password: "p1", Authorization: "Basic x" } } } },
        list: [{ clientSecret: "s1" }],
        headers: { cookie: "c1" },
      },
      "deep",
    );
    const err = Object.assign(new Error("boom"), { config: { auth: { token: "t1" } } });
    logger.error({ err }, "with error");
    await new Promise((r) => setImmediate(r));
    const text = JSON.stringify(lines);
    for (const secret of ["p1", "Basic x", "s1", "c1", "t1"]) assert.ok(!text.includes(`"${secret}"`), secret);
    assert.match(text, /\[redacted\]/);
    assert.match(text, /boom/);
  });

  test("a failed query is logged with its SQL, without its parameter values, its cause's detail, or quoted values", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-value-1"'), {
      code: "22P02",
      severity: "ERROR",
      detail: "Key (email)=(secret-value-2) exists",
    });
    const failed = Object.assign(new Error("Failed query: select 1 where a = $1\nparams: secret-value-3"), {
      query: "select 1 where a = $1",
      params: ["secret-value-3"],
      cause,
    });
    const safe = JSON.stringify(redactDeep({ err: failed }));
    for (const v of ["secret-value-1", "secret-value-2", "secret-value-3"]) assert.ok(!safe.includes(v), v);
    assert.match(safe, /Failed query: select 1 where a = \$1/);
    assert.match(safe, /22P02/);
  });
});

describe("outbound guard and file types", () => {
  test("IPv4-compatible IPv6 (::/96) is not public", () => {
    for (const a of ["::127.0.0.1", "::7f00:1", "::a00:1", "::8.8.8.8"]) assert.equal(isPublicAddress(a), false, a);
    assert.throws(() => checkUrl(new URL("https://[::127.0.0.1]/arge"), { allowedOrigins: [] }), refused);
  });

  test("origins allowed only below given paths: the sandbox's service paths, nothing else of the app", () => {
    const policy = {
      allowedOrigins: [],
      allowedPaths: { origins: ["http://127.0.0.1:3000"], prefixes: ["/arge", "/dta", "/auth"] },
    };
    for (const u of [
      "http://127.0.0.1:3000/arge/documents/v1/documents/out",
      "http://127.0.0.1:3000/dta/v1/documents/out",
      "http://127.0.0.1:3000/auth/realms/arge-api/x",
    ]) {
      assert.equal(checkUrl(new URL(u), policy).allowlisted, true, u);
    }
    for (const u of [
      "http://127.0.0.1:3000/api/users",
      "http://127.0.0.1:3000/sandbox/api/state",
      "http://127.0.0.1:3000/argex/documents",
      "http://127.0.0.1:3000/arge/../api/me",
      "http://127.0.0.1:3001/arge/x",
    ]) {
      assert.throws(() => checkUrl(new URL(u), policy), refused, u);
    }
  });

  test("content types pass only from the allowlist", () => {
    for (const t of [
      "application/pdf",
      "application/zip",
      "application/octet-stream",
      "text/plain; charset=utf-8",
      "application/xml",
      "text/xml",
    ])
      assert.equal(safeContentType(t), t.split(";")[0]);
    for (const t of [
      "image/png",
      "application/json",
      "text/html",
      "image/svg+xml",
      "application/javascript",
      "video/mp4",
      undefined,
    ])
      assert.equal(safeContentType(t), "application/octet-stream", String(t));
  });
});
