import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CreateConnectionBody, ServiceUrl, UpdateConnectionBody } from "@/lib/connections/schemas";

describe("connection input", () => {
  test("service URLs are normalised: origin and path, no trailing slash, host lower-cased", () => {
    assert.equal(ServiceUrl.parse(" HTTPS://API.Kalo.DE/arge/ "), "https://api.kalo.de/arge");
    assert.equal(ServiceUrl.parse("https://api.kalo.de:443/arge//"), "https://api.kalo.de/arge");
    assert.equal(ServiceUrl.parse("http://127.0.0.1:4010/dta"), "http://127.0.0.1:4010/dta");
  });

  test("schemes other than http(s), credentials, fragments and queries are refused", () => {
    for (const u of [
      "ftp://x.de/arge",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "https://u:p@x.de/arge",
      "https://u@x.de/",
      "https://x.de/arge#frag",
      "https://x.de/arge#",
      "https://x.de/arge?x=1",
      "x.de/arge",
      "",
    ]) {
      assert.equal(ServiceUrl.safeParse(u).success, false, u);
    }
  });

  test("client credentials need an auth URL and are UVI only", () => {
    const base = {
      name: "n",
      service: "uvi",
      baseUrl: "https://x.de/arge",
      auth: { type: "client_credentials", clientId: "c", clientSecret: "s" },
    };
    assert.equal(CreateConnectionBody.safeParse(base).success, false);
    assert.equal(CreateConnectionBody.safeParse({ ...base, authUrl: "https://x.de" }).success, true);
    assert.equal(CreateConnectionBody.safeParse({ ...base, authUrl: "https://x.de", service: "dta" }).success, false);
  });

  test("an edit with a blank secret keeps the stored one", () => {
    const parsed = UpdateConnectionBody.parse({ auth: { type: "basic", password: "" } });
    assert.equal(parsed.auth?.type === "basic" && parsed.auth.password, undefined);
    assert.equal(UpdateConnectionBody.parse({ customerNumber: "" }).customerNumber, null);
    assert.equal(UpdateConnectionBody.safeParse({ secret: "x" }).success, false, "unknown fields are refused");
  });
});
