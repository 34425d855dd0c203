import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import nodemailer from "nodemailer";
import { freePort } from "../../support/server";
import { api, signIn } from "../../support/session";
import { until } from "../../support/until";
import { walkTheMonth } from "../../support/month-walk";
import { DEMO_MONTHS } from "@/lib/sandbox/demo/state";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

test("npm run demo serves the sign-in page, the login it prints works, and its connections reach accounts of their own", async () => {
  const port = await freePort();
  const smtpPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "arge-demo-"));
  const child = spawn(process.execPath, ["lib/cli/demo.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SANDBOX_SMTP_PORT: String(smtpPort),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  try {
    const deadline = Date.now() + 90_000;
    while (!/Beenden \/ stop/.test(out)) {
      assert.ok(Date.now() < deadline, `demo did not finish starting:\n${out}`);
      assert.equal(child.exitCode, null, `demo exited:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const base = `http://localhost:${port}`;
    assert.match(out, new RegExp(`URL:\\s+${base}`));
    const [, email, password] = /login:\s+(\S+)\s+\/\s+(\S+)/.exec(out) ?? [];
    assert.ok(email && password, "login printed");
    assert.match(out, /Sandbox-Token:\s+\S{16,}/);
    const token = /Sandbox-Token:\s+(\S+)/.exec(out)![1]!;
    const page = await fetch(`${base}/login`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Anmelden/);
    const res = await signIn(base, email, password);
    assert.ok(res.session, "the printed login signs in");
    const me = await api(res.session!, base, "/api/me");
    assert.equal(me.body.role, "admin");

    // A page view is one line on the terminal: the page's own reads of the API, as a browser's script makes them,
    // are at debug (the demo logs at info).
    // (The lines of the requests before are written when their answers close: they are in before the mark.)
    await new Promise((r) => setTimeout(r, 500));
    const mark = out.length;
    const browser = (dest: string) => ({ Cookie: res.session!.cookie, "Sec-Fetch-Dest": dest });
    await (await fetch(`${base}/month`, { headers: browser("document"), redirect: "manual" })).text();
    for (const read of ["/api/connections", "/api/confirmation-runs?scope=inbox", "/api/handoffs/runs?scope=inbox"])
      assert.equal((await fetch(`${base}${read}`, { headers: browser("empty") })).status, 200, read);
    await new Promise((r) => setTimeout(r, 500));
    const access = out
      .slice(mark)
      .split("\n")
      .flatMap((l) => /\b(GET|POST|PUT|PATCH|DELETE) (\S+) \d{3} · \d+ ms/.exec(l)?.slice(1, 3).join(" ") ?? []);
    assert.deepEqual(access, ["GET /month"], out.slice(mark));

    // Each service and way of signing in, each connection to an account of its own, and the
    // credentials each uses printed beside it.
    type View = {
      id: string;
      name: string;
      service: string;
      authType: string;
      principal: string;
      customerNumber: string | null;
      onSiteRolesUrl: string | null;
    };
    const connections = (await api(res.session!, base, "/api/connections")).body as View[];
    assert.match(
      out,
      /Verbindungen \/ connections:\s+angelegt und abgeglichen \((\d+) offene Dokumente\) \/ created and synced \(\1 open documents\)/,
    );
    assert.deepEqual(
      new Set(connections.map((c) => `${c.service}/${c.authType}`)),
      new Set(["uvi/client_credentials", "uvi/basic", "dta/basic"]),
    );
    assert.deepEqual(
      connections
        .filter((c) => c.service === "dta")
        .map((c) => c.customerNumber)
        .sort(),
      ["4711", "4712"],
    );
    for (const c of connections) {
      const line = out.split("\n").find((l) => l.includes(`${c.name}:`));
      assert.ok(line?.includes(` ${c.principal} / `), `credentials of ${c.name} printed:\n${out}`);
    }
    // The two UVI connections list different documents: none is listed twice.
    const uvi = connections.filter((c) => c.service === "uvi");
    assert.notEqual(uvi[0]!.principal, uvi[1]!.principal);
    const ids = await Promise.all(
      uvi.map(async (c) => {
        const page = await api(res.session!, base, `/api/connections/${c.id}/documents?limit=1000`);
        assert.equal(page.status, 200, page.text);
        return (page.body.documents as { documentid: string }[]).map((d) => d.documentid);
      }),
    );
    assert.ok(ids[0]!.length > 0 && ids[1]!.length > 0);
    assert.equal(new Set([...ids[0]!, ...ids[1]!]).size, ids[0]!.length + ids[1]!.length);

    // The unit register that fits the demo data: the four properties of both UVI connections (issue #50), residents
    // on every channel, a few empty flats, and two units left out on purpose (their documents have no register entry).
    assert.match(
      out,
      /Nutzeinheiten \/ usage units:\s+importiert \(206 Nutzeinheiten\) \/ imported \(206 usage units\)/,
    );
    type Page = {
      count: number;
      units: { mscnumber: string; resident: { channel: string } | null }[];
      properties: { name: string }[];
    };
    // The register's units in pages of the largest size the API gives.
    const allUnits = async <T>() => {
      const first = (await api(res.session!, base, "/api/units?limit=200")).body as Page;
      const rest = (await api(res.session!, base, "/api/units?limit=200&offset=200")).body as Page;
      return { ...first, units: [...first.units, ...rest.units] as T[] };
    };
    const register = await allUnits<Page["units"][number]>();
    assert.equal(register.count, 206);
    assert.equal(register.properties.length, 4);
    const channels = register.units.map((u) => u.resident?.channel ?? "none");
    for (const channel of ["email", "portal", "post", "none"])
      assert.ok(channels.includes(channel), `a unit on ${channel}`);
    assert.ok(channels.filter((c) => c !== "none").length > 190, "most units have a resident");
    const registered = new Set(register.units.map((u) => u.mscnumber));
    const documents = (
      await Promise.all(
        uvi.map(async (c) => (await api(res.session!, base, `/api/connections/${c.id}/documents?limit=1000`)).body),
      )
    ).flatMap((page) => page.documents as { metadata?: { mscnumber?: string }[] }[]);
    const unregistered = new Set(
      documents
        .flatMap((d) => d.metadata ?? [])
        .flatMap((m) => (m.mscnumber && !registered.has(m.mscnumber) ? [m.mscnumber] : [])),
    );
    assert.deepEqual([...unregistered].sort(), ["55501045", "55502025"]);

    // The register reported to the sandbox's on-site-roles service by the UVI connections, and accepted
    // without an edit (issue #50): residents without a move-in from the first document month, not today.
    type Reported = {
      mscnumber: string;
      reports: { state: string; connectionId: string; messages?: unknown[] }[];
      unknownMoveIn?: { since: string | null; basis: string | null };
    };
    assert.deepEqual(
      connections.map((c) => [c.service, c.onSiteRolesUrl]).sort(),
      [
        ["dta", null],
        ["dta", null],
        ["uvi", base],
        ["uvi", base],
      ],
      "the UVI connections come with their report address, the sandbox's own origin",
    );
    const reported = await until(
      async () => (await allUnits<Reported>()).units,
      (list) => list.every((u) => u.reports.length > 0 && u.reports.every((r) => r.state === "accepted")),
      { tries: 600, everyMs: 200 },
    );
    // Each unit by the connection of the account whose documents name it: Hamburg and Kiel at hv-nord, the others at
    // hv-rhein.
    const nord = uvi.find((c) => c.principal.startsWith("hv-nord"))!;
    const rhein = uvi.find((c) => c.principal === "hv-rhein")!;
    for (const u of reported)
      assert.deepEqual(
        u.reports.map((r) => [r.connectionId, r.state, r.messages ?? []]),
        [[/^5550[12]/.test(u.mscnumber) ? nord.id : rhein.id, "accepted", []]],
        `${u.mscnumber} reported once and accepted:\n${out}`,
      );
    const withoutMoveIn = reported.filter((u) => u.unknownMoveIn);
    assert.ok(withoutMoveIn.length > 10, "a third of the residents lack a move-in");
    for (const u of withoutMoveIn) assert.deepEqual(u.unknownMoveIn, { ...u.unknownMoveIn, since: "2026-05-01" });
    const accepted = (await (
      await fetch(`${base}/sandbox/api/onsiteroles`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { units: { unit: string; state: { billingcontracts: { validfrom: string }[] } }[] };
    assert.equal(accepted.units.length, 206);
    const today = new Date().toISOString().slice(0, 10);
    assert.ok(accepted.units.every((u) => u.state.billingcontracts.every((c) => c.validfrom < today)));

    // The demo's last month walked as a new user walks it (issue #50), until the month page has nothing left to do for
    // any property and no document of the month is open anywhere.
    await walkTheMonth(res.session!, base, DEMO_MONTHS.at(-1)!, [...unregistered]);

    // The sandbox mailbox that the demo's SMTP_URL names: printed with its page, and a mail to it arrives there.
    assert.match(
      out,
      new RegExp(`E-Mail an Bewohner / resident mail:\\s+${base}/sandbox/mail .*SMTP 127\\.0\\.0\\.1:${smtpPort}`),
    );
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false });
    await transport.sendMail({ from: "uvi@arge-inbox.local", to: "mieter@example.de", subject: "Demo", text: "Hallo" });
    transport.close();
    const mail = (await (
      await fetch(`${base}/sandbox/api/mail`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { subject: string }[];
    // (Beside the residents' mails of the month's walk above.)
    assert.deepEqual(
      mail.filter((m) => !m.subject.includes("Oktober 2026")).map((m) => m.subject),
      ["Demo"],
    );
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
