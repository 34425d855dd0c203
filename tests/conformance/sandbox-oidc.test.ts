import assert from "node:assert/strict";
import { generateKeyPair, SignJWT, createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { before, describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { basic, call, CLIENT_A, putState, REALM, testState, token, UVI } from "./support";

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

describe("sandbox identity provider (client credentials, RS256, JWKS)", () => {
  const suite = suiteServer({ sandbox: true });
  before(async () => {
    await putState(suite.server, testState(2));
  });

  const tokenEndpoint = () => `${suite.server.url}${REALM}/protocol/openid-connect/token`;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(tokenEndpoint(), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
    });

  test("discovery document names the token endpoint and jwks_uri on this origin", async () => {
    const res = await call(suite.server, `${REALM}/.well-known/openid-configuration`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.equal(doc.issuer, `${suite.server.url}${REALM}`);
    assert.equal(doc.token_endpoint, tokenEndpoint());
    assert.equal(doc.jwks_uri, `${suite.server.url}${REALM}/protocol/openid-connect/certs`);
    assert.ok(doc.grant_types_supported.includes("client_credentials"));
  });

  test("token by Basic header and by form fields; JWT verifies against the published JWKS", async () => {
    const byHeader = await post(form({ grant_type: "client_credentials" }), {
      Authorization: basic(CLIENT_A.oauth.clientId, CLIENT_A.oauth.clientSecret),
    });
    assert.equal(byHeader.status, 200);
    assert.match(byHeader.headers.get("cache-control") ?? "", /no-store/);
    const t = await byHeader.json();
    assert.equal(t.token_type, "Bearer");
    assert.equal(t.expires_in, 300);
    assert.equal(t.refresh_token, undefined);
    const byForm = await post(
      form({
        grant_type: "client_credentials",
        client_id: CLIENT_A.oauth.clientId,
        client_secret: CLIENT_A.oauth.clientSecret,
      }),
    );
    assert.equal(byForm.status, 200);
    const jwks = createRemoteJWKSet(new URL(`${suite.server.url}${REALM}/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(t.access_token, jwks, {
      issuer: `${suite.server.url}${REALM}`,
    });
    assert.equal(protectedHeader.alg, "RS256");
    assert.equal(payload.exp! - payload.iat!, 300);
    const keys = await (await call(suite.server, `${REALM}/protocol/openid-connect/certs`)).json();
    assert.equal(keys.keys[0].d, undefined, "no private part is published");
  });

  test("OAuth 2.0 error shapes: invalid_client, unsupported_grant_type, invalid_request", async () => {
    const wrong = await post(form({ grant_type: "client_credentials" }), {
      Authorization: basic(CLIENT_A.oauth.clientId, "wrong-secret"),
    });
    assert.equal(wrong.status, 401);
    const wrongBody = await wrong.text();
    assert.equal(JSON.parse(wrongBody).error, "invalid_client");
    assert.ok(!wrongBody.includes(CLIENT_A.oauth.clientSecret));
    const unknown = await post(form({ grant_type: "client_credentials", client_id: "nobody", client_secret: "x" }));
    assert.equal(unknown.status, 401);
    assert.equal((await unknown.json()).error, "invalid_client");
    const none = await post(form({ grant_type: "client_credentials" }));
    assert.equal(none.status, 401);
    const grant = await post(form({ grant_type: "password" }), {
      Authorization: basic(CLIENT_A.oauth.clientId, CLIENT_A.oauth.clientSecret),
    });
    assert.equal(grant.status, 400);
    assert.equal((await grant.json()).error, "unsupported_grant_type");
    const missing = await post(form({}), {
      Authorization: basic(CLIENT_A.oauth.clientId, CLIENT_A.oauth.clientSecret),
    });
    assert.equal(missing.status, 400);
    assert.equal((await missing.json()).error, "invalid_request");
    const json = await fetch(tokenEndpoint(), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    assert.equal(json.status, 400);
    assert.equal((await json.json()).error, "invalid_request");
  });

  test("forged and foreign tokens get 401", async () => {
    const real = await token(suite.server);
    const claims = decodeJwt(real);
    const { privateKey } = await generateKeyPair("RS256");
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "foreign" }).sign(privateKey);
    const [h, p, s] = real.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: "client-b" })).toString("base64url")}.${s}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${p}.`;
    for (const t of [foreign, tampered, unsigned, "abc.def.ghi"]) {
      const res = await call(suite.server, `${UVI}/documents/out`, { auth: `Bearer ${t}` });
      assert.equal(res.status, 401);
      assert.match(res.headers.get("www-authenticate") ?? "", /invalid_token/);
    }
    const dta = await call(suite.server, "/dta/v1/documents/out", { auth: `Bearer ${real}` });
    assert.equal(dta.status, 401, "DTA refuses Bearer");
  });

  test("configurable lifetime; an expired token gets 401", async () => {
    // One minute; the sandbox's clock is the server's, which the test channel moves (lib/process/clock.ts).
    await putState(suite.server, testState(2, { tokenLifetimeSeconds: 60 }));
    const res = await post(form({ grant_type: "client_credentials" }), {
      Authorization: basic(CLIENT_A.oauth.clientId, CLIENT_A.oauth.clientSecret),
    });
    const t = await res.json();
    assert.equal(t.expires_in, 60);
    const count = async () =>
      (await call(suite.server, `${UVI}/documents/out/count`, { auth: `Bearer ${t.access_token}` })).status;
    assert.equal(await count(), 200);
    await suite.server.moveClock(50_000);
    assert.equal(await count(), 200, "within its minute");
    // Past it: refused, as the sandbox allows no clock tolerance.
    await suite.server.moveClock(15_000);
    assert.equal(await count(), 401);
    await putState(suite.server, testState(2));
  });
});
