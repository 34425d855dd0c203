import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { z } from "zod";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { isAllowedOrigin } from "@/lib/api/origin";
import { fieldErrors } from "@/lib/api/validation";
import { messages } from "@/lib/catalogue";
import { localeFromAcceptLanguage, translate } from "@/lib/i18n/messages";

describe("passwords", () => {
  test("scrypt hashes verify, are salted, and reject wrong or malformed input", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    assert.match(a, /^scrypt\$131072\$8\$1\$/);
    assert.notEqual(a, b);
    assert.equal(await verifyPassword("correct horse battery", a), true);
    assert.equal(await verifyPassword("correct horse battery!", a), false);
    assert.equal(await verifyPassword("x", "plain"), false);
    assert.equal(await verifyPassword("x", "scrypt$1$2$3$$"), false);
  });
});

describe("Origin check", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  test("no Origin and the own origin pass; foreign, null and other ports fail", () => {
    assert.equal(isAllowedOrigin(h({ host: "app.example:3000" })), true);
    assert.equal(isAllowedOrigin(h({ host: "app.example:3000", origin: "http://app.example:3000" })), true);
    assert.equal(isAllowedOrigin(h({ host: "app.example:3000", origin: "null" })), false);
    assert.equal(isAllowedOrigin(h({ host: "app.example:3000", origin: "http://app.example:3001" })), false);
    assert.equal(isAllowedOrigin(h({ host: "app.example:3000", origin: "https://evil.example" })), false);
    assert.equal(
      isAllowedOrigin(h({ host: "app.example:3000", origin: "chrome-extension://app.example:3000" })),
      false,
    );
  });
});

describe("messages", () => {
  test("English has every German key and every text is non-empty", () => {
    assert.deepEqual(Object.keys(messages.en).sort(), Object.keys(messages.de).sort());
    for (const [k, v] of [...Object.entries(messages.de), ...Object.entries(messages.en)]) assert.ok(v.trim(), k);
  });

  test("Accept-Language picks the best supported language, German by default", () => {
    assert.equal(localeFromAcceptLanguage(undefined), "de");
    assert.equal(localeFromAcceptLanguage("fr-FR,fr;q=0.9"), "de");
    assert.equal(localeFromAcceptLanguage("en-US,en;q=0.9,de;q=0.8"), "en");
    assert.equal(localeFromAcceptLanguage("fr;q=1, de;q=0.5, en;q=0.7"), "en");
    assert.equal(localeFromAcceptLanguage("en;q=0, de"), "de");
  });

  test("variables are filled in", () => {
    assert.equal(
      translate("de", "login.tooMany", { minutes: 5 }),
      "Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 5 Minuten.",
    );
  });

  test("zod issues become field errors with message keys", () => {
    const schema = z.strictObject({
      email: z.email(),
      name: z.string().min(1),
      password: z.string().min(10),
      role: z.enum(["a", "b"]),
    });
    const r = schema.safeParse({ email: "x", password: "short", role: "c", extra: 1 }, { reportInput: true });
    assert.equal(r.success, false);
    const fields = fieldErrors(r.error!);
    const byPath = Object.fromEntries(fields.map((f) => [f.path, f]));
    assert.equal(byPath.email!.message, "validation.email");
    assert.equal(byPath.name!.message, "validation.required");
    assert.deepEqual(byPath.password, { path: "password", message: "validation.tooShort", vars: { min: 10 } });
    assert.equal(byPath.role!.message, "validation.oneOf");
    assert.equal(byPath.extra!.message, "validation.unknownKey");
  });
});
