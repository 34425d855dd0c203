import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { mustSync, putState, SANDBOX_BASIC, SANDBOX_CLIENT, uvi } from "../../support/delivery";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

/** GET /api/metrics counted by real traffic, with bounded labels; the server's JSON log lines of one request. */

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text answer. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of one sample (0 when it is not there yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

type LogLine = { reqId?: string; msg?: string; route?: string; method?: string; status?: number; level?: number };

function logLines(output: string): LogLine[] {
  return output.split("\n").flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === "object" ? [parsed as LogLine] : [];
    } catch {
      return [];
    }
  });
}

describe("metrics and request logs", () => {
  const token = randomBytes(18).toString("base64url");
  const name = `Wohnanlage Lindenhof ${randomBytes(3).toString("hex")}`;
  const s = suiteServer({ sandbox: true, env: { METRICS_TOKEN: token, LOG_FORMAT: "json" } });
  let a: Person;
  let conn = "";
  let oidc = "";

  const scrape = async () => {
    const res = await fetch(`${s.server.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
    return res.text();
  };

  before(async () => {
    await putState(s.server, [uvi("mx-view", "7001"), uvi("mx-confirm", "7002"), uvi("mx-other", "7003")]);
    a = await makeUser(s.server, "manager");
    conn = (
      await addConnection(s.server, a.session, {
        name,
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        auth: SANDBOX_BASIC,
      })
    ).id;
    oidc = (
      await addConnection(s.server, a.session, {
        name: `${name} OIDC`,
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        authUrl: s.server.url,
        auth: { type: "client_credentials", ...SANDBOX_CLIENT.oauth },
      })
    ).id;
  });

  test("sign-in, list, sync, view, confirmations move the counters; no label names a user, document or connection", async () => {
    assert.equal(valueOf(parseMetrics(await scrape()), "arge_sync_runs_total", { result: "ok" }), 0);

    await mustSync(a.session, s.server.url, conn);
    assert.equal((await api(a.session, s.server.url, "/api/inbox")).status, 200);
    const viewed = await fetch(`${s.server.url}/api/connections/${conn}/documents/mx-view/data`, {
      headers: { cookie: a.session.cookie },
    });
    assert.equal(viewed.status, 200);
    const viewedBytes = (await viewed.arrayBuffer()).byteLength;
    // The viewed file's confirmation waits for its archive commit: after it, its bytes are counted.
    const put = (id: string) =>
      api(a.session, s.server.url, `/api/connections/${conn}/documents/${id}/status`, { method: "PUT" });
    assert.equal((await put("mx-view")).body.state, "confirmed");
    assert.equal((await put("mx-confirm")).body.state, "confirmed");
    assert.equal((await put("mx-missing")).body.state, "failed");
    const direct = await fetch(`${s.server.url}/arge/documents/v1/documents/out/mx-confirm/data`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${SANDBOX_BASIC.username}:${SANDBOX_BASIC.password}`).toString("base64")}`,
      },
    });
    const confirmedBytes = (await direct.arrayBuffer()).byteLength;
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${oidc}/test`, { method: "POST" })).body.ok,
      true,
    );
    assert.equal((await fetch(`${s.server.url}/no/such/page/mx-view`)).status, 404);

    const text = await scrape();
    const m = parseMetrics(text);
    assert.equal(valueOf(m, "arge_sync_runs_total", { result: "ok" }), 1);
    assert.equal(valueOf(m, "arge_sync_duration_seconds_count", { result: "ok" }), 1);
    assert.equal(valueOf(m, "arge_sync_documents_seen_total"), 3);
    assert.equal(valueOf(m, "arge_confirmations_total", { outcome: "confirmed" }), 2);
    assert.equal(valueOf(m, "arge_confirmations_total", { outcome: "failed" }), 1);
    assert.equal(valueOf(m, "arge_archive_bytes_total"), viewedBytes + confirmedBytes);

    const uviOk = valueOf(m, "arge_provider_requests_total", { service: "uvi", status: "2xx" });
    assert.ok(uviOk >= 5, `list, count, two files, a PUT: ${uviOk}`);
    assert.equal(valueOf(m, "arge_provider_request_duration_seconds_count", { service: "uvi", status: "2xx" }), uviOk);
    assert.ok(
      valueOf(m, "arge_provider_requests_total", { service: "uvi", status: "4xx" }) >= 1,
      "the missing document's file",
    );
    assert.ok(
      valueOf(m, "arge_provider_requests_total", { service: "oidc", status: "2xx" }) >= 1,
      "discovery and token",
    );

    const http = (route: string, status: string) =>
      valueOf(m, "arge_http_request_duration_seconds_count", { route, status });
    assert.ok(http("/api/connections/[id]/sync", "200") >= 1);
    assert.ok(http("/api/connections/[id]/documents/[documentid]/status", "200") >= 2);
    assert.ok(http("/api/connections/[id]/documents/[documentid]/data", "200") >= 1);
    assert.ok(http("/api/inbox", "200") >= 1);
    assert.ok(http("/api/auth/[...nextauth]", "302") + http("/api/auth/[...nextauth]", "200") >= 1, "sign-in");
    assert.ok(http("/arge/[[...path]]", "200") >= 1, "the sandbox's side of the provider requests");
    assert.ok(http("other", "404") >= 1, "an unknown page is one label");
    assert.ok(valueOf(m, "process_resident_memory_bytes") > 0);
    assert.ok(m.some((s) => s.name === "nodejs_eventloop_lag_seconds"));

    const values = m.flatMap((s) => Object.values(s.labels));
    for (const secret of [
      a.email,
      a.password,
      name,
      conn,
      oidc,
      "mx-",
      token,
      SANDBOX_BASIC.password,
      SANDBOX_CLIENT.oauth.clientSecret,
    ]) {
      assert.ok(!values.some((v) => v.includes(secret)), `a label holds ${secret}`);
    }
    assert.ok(!text.includes(a.email) && !text.includes(name) && !text.includes("mx-"));
  });

  test("a missing or wrong token is refused with 401", async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, `Basic ${token}`]) {
      const res = await api(null, s.server.url, "/api/metrics", { headers: authorization ? { authorization } : {} });
      assert.equal(res.status, 401, String(authorization));
      assert.equal(res.body.error, "unauthorized");
      assert.ok(!res.text.includes("arge_"));
    }
  });

  test("every JSON log line of a request carries its id, the last one its access line", async () => {
    const id = `it-${randomBytes(6).toString("hex")}`;
    const res = await api(a.session, s.server.url, `/api/connections/${conn}/documents/mx-gone/status`, {
      method: "PUT",
      headers: { "x-request-id": id },
    });
    assert.equal(res.headers.get("x-request-id"), id);
    let lines: LogLine[] = [];
    // The access line follows the answer's last byte: bounded wait for the server's output.
    for (let i = 0; i < 100 && !lines.some((l) => l.msg === "request"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      lines = logLines(s.server.output()).filter((l) => l.reqId === id);
    }
    assert.ok(lines.length >= 2, JSON.stringify(lines));
    assert.ok(lines.some((l) => l.msg === "not confirmed: bytes not archived"));
    assert.deepEqual((({ msg, method, route, status }) => ({ msg, method, route, status }))(lines.at(-1)!), {
      msg: "request",
      method: "PUT",
      route: "/api/connections/[id]/documents/[documentid]/status",
      status: res.status,
    });

    const unsafe = await fetch(`${s.server.url}/api/me`, { headers: { "x-request-id": "<not a token>" } });
    assert.match(
      unsafe.headers.get("x-request-id") ?? "",
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    // At info the provider's side stays quiet: no line per provider request, no sandbox access lines.
    const all = logLines(s.server.output());
    assert.ok(all.some((l) => l.msg === "request" && l.route === "/api/connections/[id]/sync"));
    assert.ok(
      !all.some((l) => l.msg === "provider answered" || (l.msg === "request" && l.route === "/arge/[[...path]]")),
    );
  });

  test("at info, a link prefetch and the probes leave no access line; the page a person opens does", async () => {
    const id = (what: string) => `it-${what}-${randomBytes(4).toString("hex")}`;
    const [prefetch, probe, health, person] = [id("prefetch"), id("ready"), id("health"), id("page")];
    const get = async (path: string, reqId: string, headers: Record<string, string> = {}) =>
      (await fetch(`${s.server.url}${path}`, { headers: { "x-request-id": reqId, ...headers } })).text();
    await get("/login?_rsc=1a2b", prefetch, { rsc: "1", "next-router-prefetch": "1" });
    await get("/api/ready", probe);
    await get("/api/health", health);
    await get("/login", person);
    let lines: LogLine[] = [];
    for (let i = 0; i < 100 && !lines.some((l) => l.reqId === person && l.msg === "request"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      lines = logLines(s.server.output()).filter((l) => l.msg === "request");
    }
    assert.ok(
      lines.some((l) => l.reqId === person && l.route === "/login"),
      "the page's access line",
    );
    for (const quiet of [prefetch, probe, health]) assert.ok(!lines.some((l) => l.reqId === quiet), quiet);
  });

  test("without METRICS_TOKEN the route does not exist", async () => {
    // The same server started again without the token (startServer's env is the one it restarts with).
    delete s.server.env.METRICS_TOKEN;
    await s.server.restart();
    const res = await api(null, s.server.url, "/api/metrics", { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 404);
    assert.equal(res.body.error, "not_found");
  });
});
