import "../support/unit-env";
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { createProviderClient, type ProviderConnection } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { startListener, type Listener } from "../support/listener";

let alt: AltProvider;
let foreign: Listener;
let seq = 0;
const config = () => ({ timeoutMs: 800, allowedOrigins: [alt.origin] });

function uviBasic(): ProviderConnection {
  return {
    id: `c${++seq}`,
    service: "uvi",
    baseUrl: alt.uviBase,
    authUrl: null,
    customerNumber: null,
    auth: { type: "basic", ...alt.basic },
  };
}
function uviOauth(): ProviderConnection {
  return {
    id: `c${++seq}`,
    service: "uvi",
    baseUrl: alt.uviBase,
    authUrl: alt.origin,
    customerNumber: null,
    auth: { type: "client_credentials", ...alt.oauth },
  };
}
function dtaBasic(kd: string | null = "4711"): ProviderConnection {
  return {
    id: `c${++seq}`,
    service: "dta",
    baseUrl: alt.dtaBase,
    authUrl: null,
    customerNumber: kd,
    auth: { type: "basic", ...alt.basic },
  };
}
const kindOf = (kind: string) => (e: unknown) => e instanceof ProviderError && e.kind === kind;
const serviceRequests = () => alt.counters.requests.filter((r) => r.path.includes("/documents/out"));

before(async () => {
  alt = await startAltProvider();
  foreign = await startListener();
});
after(async () => {
  await alt.close();
  await foreign.close();
});
beforeEach(() => alt.reset());

describe("provider client: lists and paging", () => {
  test("fills a page across the provider's own short pages, absolute links and next on the last page", async () => {
    const page = await createProviderClient(uviBasic(), config()).listPage(0, 100);
    assert.equal(page.count, 5);
    assert.deepEqual(
      page.documents.map((d) => d.documentid),
      ["alt-uvi-0", "alt-uvi-1", "alt-uvi-2", "alt-uvi-3", "alt-uvi-4"],
    );
    const d = page.documents[0]!;
    assert.equal(d.propertymanagement, "", "null propertymanagement becomes empty");
    assert.equal(d.extraField, "kept-0", "unknown fields are kept");
    assert.equal(d._links, undefined);
    assert.equal(d.metadata[0]!.mscnumber, "1000");
  });

  test("offset and limit are honoured even when the provider ignores limit", async () => {
    alt.modes.pageSize = 10;
    const page = await createProviderClient(uviBasic(), config()).listPage(1, 2);
    assert.deepEqual(
      page.documents.map((d) => d.documentid),
      ["alt-uvi-1", "alt-uvi-2"],
    );
  });

  test("a missing next while the count says more continues from the next offset", async () => {
    alt.modes.omitNext = true;
    const page = await createProviderClient(uviBasic(), config()).listPage(0, 100);
    assert.equal(page.documents.length, 5);
  });

  test("a next link to a foreign origin ends paging with an error and no request there", async () => {
    alt.modes.foreignNext = `http://127.0.0.1:${foreign.port}/arge/documents/v1/documents/out?offset=2`;
    await assert.rejects(createProviderClient(uviBasic(), config()).listPage(0, 100), kindOf("bad_link"));
    alt.modes.foreignNext = `${alt.origin}/elsewhere?offset=2`;
    await assert.rejects(createProviderClient(uviBasic(), config()).listPage(0, 100), kindOf("bad_link"));
    assert.equal(foreign.connections(), 0);
  });

  test("DTA: relative links under `links`, XML answers, ZIP mimetype, kd header", async () => {
    alt.modes.dtaXml = true;
    const page = await createProviderClient(dtaBasic(), config()).listPage(0, 100);
    assert.equal(page.count, 5);
    assert.equal(page.documents.length, 5);
    assert.equal(page.documents[0]!.mimetype, "application/zip");
    assert.equal(page.documents[0]!.doctypeversion, "3.07");
    assert.equal(page.documents[0]!.metadata[0]!.mscnumber, "2000");
    assert.ok(serviceRequests().every((r) => r.kd === "4711"));
    await createProviderClient(dtaBasic(), config()).count({ kd: "9999" });
    assert.equal(serviceRequests().at(-1)!.kd, "9999");
  });

  test("HTML from a wrong base URL and a redirect are unexpected; the redirect is not followed", async () => {
    alt.modes.html = true;
    await assert.rejects(createProviderClient(uviBasic(), config()).count(), kindOf("unexpected"));
    alt.modes.html = false;
    alt.modes.redirectTo = `http://127.0.0.1:${foreign.port}/`;
    await assert.rejects(createProviderClient(uviBasic(), config()).count(), kindOf("unexpected"));
    assert.equal(foreign.connections(), 0);
  });

  test("a JSON answer over the size cap is refused as too large", async () => {
    alt.documents.unshift({ service: "uvi", documentid: "huge", filename: "h.pdf", blob: "x".repeat(9 * 1024 * 1024) });
    // A time limit far beyond the transfer, so that only the size cap can end it (800 ms ran out first on a busy
    // machine).
    await assert.rejects(
      createProviderClient(uviBasic(), { ...config(), timeoutMs: 30_000 }).listPage(0, 10),
      kindOf("too_large"),
    );
  });

  test("wrong Basic credentials are an auth error", async () => {
    const conn = uviBasic();
    conn.auth = { type: "basic", username: alt.basic.username, password: "wrong" };
    await assert.rejects(createProviderClient(conn, config()).count(), kindOf("auth"));
  });
});

describe("provider client: tokens", () => {
  test("100 parallel calls on a fresh connection make one token request (opaque token, no expires_in)", async () => {
    const client = createProviderClient(uviOauth(), config());
    const counts = await Promise.all(Array.from({ length: 100 }, () => client.count()));
    assert.ok(counts.every((c) => c === 5));
    assert.equal(alt.counters.tokenRequests, 1);
    assert.equal(alt.counters.discoveryRequests, 1);
    assert.ok(serviceRequests().every((r) => r.auth === "bearer"));
  });

  test("a 401 drops the token, fetches one new token and retries once", async () => {
    const conn = uviOauth();
    const client = createProviderClient(conn, config());
    await client.count();
    alt.revokeTokens();
    assert.equal(await client.count(), 5);
    assert.equal(alt.counters.tokenRequests, 2);
  });

  test("a rejected client secret is an auth error", async () => {
    const conn = uviOauth();
    conn.auth = { type: "client_credentials", clientId: alt.oauth.clientId, clientSecret: "nope" };
    await assert.rejects(createProviderClient(conn, config()).count(), kindOf("auth"));
  });
});

describe("provider client: retries, writes, files", () => {
  test("reads retry on 503 with Retry-After seconds and 429 with an HTTP date", async () => {
    alt.modes.failures = [
      { status: 503, headers: { "retry-after": "0" } },
      { status: 429, headers: { "retry-after": new Date(Date.now() + 300).toUTCString() } },
    ];
    assert.equal(await createProviderClient(uviBasic(), config()).count(), 5);
    assert.equal(serviceRequests().length, 3);
  });

  test("reads give up after a bounded number of attempts", async () => {
    alt.modes.failures = Array.from({ length: 10 }, () => ({ status: 500 }));
    await assert.rejects(createProviderClient(uviBasic(), config()).count(), kindOf("unavailable"));
    assert.equal(serviceRequests().length, 3);
  });

  test("confirm: 204 confirms; a second confirm (410) means no longer open", async () => {
    const client = createProviderClient(uviBasic(), config());
    assert.deepEqual(await client.confirm("alt-uvi-0"), { state: "confirmed", noLongerOpen: false });
    assert.deepEqual(await client.confirm("alt-uvi-0"), { state: "confirmed", noLongerOpen: true });
    assert.equal(await client.count(), 4);
  });

  test("confirm is attempted exactly once: a 503 is unknown, a timeout is unknown", async () => {
    const client = createProviderClient(uviBasic(), config());
    alt.modes.failures = [{ status: 503 }];
    const r1 = await client.confirm("alt-uvi-1");
    assert.equal(r1.state, "unknown");
    assert.equal(alt.counters.requests.filter((r) => r.method === "PUT").length, 1);
    alt.modes.confirmDelayMs = 1500;
    const r2 = await client.confirm("alt-uvi-1");
    assert.ok(r2.state === "unknown" && r2.error.kind === "timeout");
    assert.equal(alt.counters.requests.filter((r) => r.method === "PUT").length, 2);
  });

  test("confirm: a 403 fails", async () => {
    alt.modes.confirmStatus = 403;
    const r = await createProviderClient(uviBasic(), config()).confirm("alt-uvi-2");
    assert.equal(r.state, "failed");
  });

  test("document ids are refused before any request", async () => {
    const client = createProviderClient(uviBasic(), config());
    for (const id of ["a/b", "..", "a..b", "x\u0000", "x\n", "a\\b", "x".repeat(201), ""]) {
      await assert.rejects(client.data(id), kindOf("bad_id"), JSON.stringify(id));
      await assert.rejects(client.confirm(id), kindOf("bad_id"));
    }
    assert.equal(alt.counters.requests.length, 0);
  });

  test("ids are sent as one encoded path segment", async () => {
    alt.documents.push({ service: "uvi", documentid: "a b?c#d", filename: "x.pdf" });
    const file = await createProviderClient(uviBasic(), config()).data("a b?c#d");
    await file.body.cancel();
    assert.ok(alt.counters.requests.at(-1)!.path.endsWith("/a%20b%3Fc%23d/data"));
  });

  test("data streams the file with the provider's type; unknown ids are gone", async () => {
    alt.modes.dataBytes = 300_000;
    const file = await createProviderClient(uviBasic(), config()).data("alt-uvi-0");
    assert.equal(file.contentType, "application/pdf");
    let n = 0;
    const reader = file.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) n += r.value.length;
    assert.equal(n, 300_000);
    await assert.rejects(createProviderClient(uviBasic(), config()).data("nope"), kindOf("gone"));
  });

  test("a body that stalls is cut off after the timeout", async () => {
    alt.modes.stallData = true;
    alt.modes.dataBytes = 200_000;
    const file = await createProviderClient(uviBasic(), config()).data("alt-uvi-0");
    const started = Date.now();
    await assert.rejects(async () => {
      const reader = file.body.getReader();
      while (!(await reader.read()).done);
    });
    assert.ok(Date.now() - started < 5000);
  });
});
