import assert from "node:assert/strict";
import { request } from "node:http";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { mustSync, putState, sandboxManager, uvi } from "../../support/delivery";
import { pdfText } from "../../support/pdf-text";
import { LINK } from "../../support/print";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue #44, the PDF findings: links in letters come from PUBLIC_URL (the sandbox's own address here), never from a
 * request's Host, and a Host that is not a plain `host[:port]` is refused before the app; a provider's file name of
 * 100,000 characters is cut where it is indexed, so the proof of its month is made at once; and one person's prints
 * and proofs cannot take every PDF place.
 */

const MONTH = "2026-10";
const PROPERTY = "Haus Ahorn";
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  `7001;${PROPERTY};EG;Olga Ort;;Post;Ahornweg 1, 10115 Berlin`,
  `7002;${PROPERTY};1. OG;Bernd Bau;;Post;Ahornweg 1, 10115 Berlin`,
].join("\n");
const LONG_NAME = `${"Verbrauchsinformation".repeat(5000).slice(0, 100_000)}.pdf`;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One request with headers fetch will not send as given (Host). */
function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("PDFs a request or a provider cannot stall", () => {
  const p = altProviderSuite();
  const suite = suiteServer(() => ({ sandbox: true, env: { PROVIDER_URL_ALLOWLIST: p.alt.origin } }));
  let manager: Person;
  let support: Person;
  let connectionId = "";
  const proof = (who: Person, extra = "") =>
    fetch(`${suite.server.url}/api/handoffs/proof?property=${encodeURIComponent(PROPERTY)}&month=${MONTH}${extra}`, {
      headers: { Cookie: who.session.cookie },
    });

  before(async () => {
    await putState(suite.server, [uvi("ahorn-1", "7001", MONTH)]);
    ({ manager, connectionId } = await sandboxManager(suite.server));
    support = await makeUser(suite.server, "support");
    await mustSync(manager.session, suite.server.url, connectionId);
    const put = await api(manager.session, suite.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    const confirmed = await api(
      manager.session,
      suite.server.url,
      `/api/connections/${connectionId}/documents/ahorn-1/status`,
      { method: "PUT", json: {} },
    );
    assert.equal(confirmed.status, 200, confirmed.text);
    // The second unit's document comes from a provider that names its file with 100,000 characters.
    p.alt.documents = [
      {
        service: "uvi",
        documentid: "long-name",
        filename: LONG_NAME,
        doctype: "UVI-E",
        mimetype: "application/pdf",
        propertymanagement: null,
        metadata: [{ reftype: "resident", mscnumber: "7002", pmnumber: null, from: `${MONTH}-01`, to: `${MONTH}-31` }],
      },
    ];
    const alt = await addConnection(suite.server, manager.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    await mustSync(manager.session, suite.server.url, alt.id);
  });

  test("a Host that is not a plain host[:port] of at most 255 characters is answered 400 before the app, in the caller's language", async () => {
    const print = JSON.stringify({ property: PROPERTY, month: MONTH });
    for (const host of ["a".repeat(4000), `${"a".repeat(250)}.de:80`, "evil.example/r/x", "evil example"]) {
      const res = await raw(
        `${suite.server.url}/api/handoffs/print`,
        "POST",
        { Host: host, Cookie: manager.session.cookie, "content-type": "application/json" },
        print,
      );
      assert.equal(res.status, 400, `Host ${host.slice(0, 30)}…`);
      const body = JSON.parse(res.body.toString()) as { error: string; message: string };
      assert.equal(body.error, "bad_request");
      assert.match(body.message, /Host-Header/);
    }
    const english = await raw(`${suite.server.url}/api/health`, "GET", {
      Host: "x".repeat(300),
      "accept-language": "en",
    });
    assert.equal(english.status, 400);
    assert.match(JSON.parse(english.body.toString()).message, /Host header is not a valid address/);
    const plain = await raw(`${suite.server.url}/api/health`, "GET", { Host: "inbox.example.de:8443" });
    assert.equal(plain.status, 200, "a plain host with a port is served");
  });

  test("a letter's portal link is the sandbox's own address, whatever Host the request names", async () => {
    const res = await raw(
      `${suite.server.url}/api/handoffs/print`,
      "POST",
      {
        Host: "evil.example",
        Origin: "http://evil.example",
        Cookie: manager.session.cookie,
        "content-type": "application/json",
      },
      // The first print names the sender's postal address (none is stored yet: issue #50).
      JSON.stringify({ property: PROPERTY, month: MONTH, senderAddress: "Musterweg 1, 20095 Hamburg" }),
    );
    assert.equal(res.status, 200, res.body.toString().slice(0, 500));
    const pages = pdfText(new Uint8Array(res.body));
    const letter = pages.find((page) => page.includes("Olga Ort"));
    assert.ok(letter, "Olga's letter");
    const link = LINK.exec(letter.replace(/\s+/g, (w) => (w.includes("\n") ? "\n" : w)))?.[1];
    assert.ok(link, letter);
    assert.ok(link.startsWith(`${suite.server.url}/r/`), `${link} is on ${suite.server.url}`);
    assert.ok(!pages.join("\n").includes("evil.example"), "the request's Host is on no page");
  });

  test("a provider's file name of 100,000 characters is cut at 255 where it is indexed; the proof of its month is made at once", async () => {
    const month = await api(
      manager.session,
      suite.server.url,
      `/api/month/documents?property=${encodeURIComponent(PROPERTY)}&month=${MONTH}`,
    );
    assert.equal(month.status, 200, month.text);
    const names = JSON.stringify(month.body).match(/Verbrauchsinformation[^"]*/g) ?? [];
    assert.ok(names.length > 0, month.text.slice(0, 500));
    for (const name of names) {
      assert.ok(name.length <= 255, `a name of ${name.length} characters`);
      assert.ok(name.endsWith("….pdf"), `${name.slice(-20)}: cut with "…", its extension kept`);
    }
    const res = await proof(manager);
    assert.equal(res.status, 200, await res.clone().text());
    const text = pdfText(new Uint8Array(await res.arrayBuffer())).join("\n");
    assert.match(text, /Bernd Bau/);
    assert.match(text, /….pdf \(long-name\)/, "the document's cut name and its id");
  });

  test("one person's proofs and prints hold at most one of the two PDF places; another person's proof takes the other", async () => {
    await suite.server.pdfPlaces("hold");
    try {
      const mine = [proof(manager), proof(manager)];
      const held = await until(
        () => suite.server.pdfPlaces("state"),
        (s) => Object.keys(s.running).length + s.waiting.length === 2,
        { everyMs: 20, tries: 500 },
      );
      const [owner] = Object.keys(held.running);
      assert.deepEqual(
        held,
        { running: { [owner!]: 1 }, waiting: [owner] },
        "the second waits although a place is free",
      );
      const theirs = proof(support, `&connection=${connectionId}`);
      const both = await until(
        () => suite.server.pdfPlaces("state"),
        (s) => Object.keys(s.running).length === 2,
        { everyMs: 20, tries: 500 },
      );
      assert.equal(Object.keys(both.running).length, 2, "support's proof took the free place");
      assert.deepEqual(both.waiting, [owner]);
      await suite.server.pdfPlaces("lift");
      for (const res of await Promise.all([...mine, theirs])) assert.equal(res.status, 200, await res.clone().text());
    } finally {
      await suite.server.pdfPlaces("lift");
    }
    assert.deepEqual(await suite.server.pdfPlaces("state"), { running: {}, waiting: [] });
  });
});
