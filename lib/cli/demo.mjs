#!/usr/bin/env node
// npm run demo: builds if needed, then serves the app with the sandbox provider on, an admin user
// and that admin's connections to the sandbox. Secrets and the admin's password are generated once
// into DATA_DIR/demo.json and reused, so the printed login stays valid across restarts.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { banner, DEMO_REQUEST_ID, isFirstStart, passServerOutput, startingLine } from "./demo-terminal.mjs";
import { SERVER_NODE_ARGS } from "./node-args.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
// DATA_DIR and demo.json (with the admin's password) are this user's alone, as the server keeps them.
process.umask(0o077);
const port = process.env.PORT || "3000";
const dataDir = path.resolve(root, process.env.DATA_DIR || "data");
const base = `http://localhost:${port}`;
const sandboxOn = (process.env.SANDBOX ?? "1") === "1";
const smtpPort = process.env.SANDBOX_SMTP_PORT || "2525";

/** The demo's own requests, marked so that their access lines stay off the terminal (demo-terminal.mjs). */
let requests = 0;
const call = (url, init = {}) =>
  fetch(url, { ...init, headers: { ...init.headers, "X-Request-Id": `${DEMO_REQUEST_ID}-${++requests}` } });

function demoSecrets() {
  const file = path.join(dataDir, "demo.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  mkdirSync(dataDir, { recursive: true });
  const fresh = {
    authSecret: randomBytes(32).toString("base64url"),
    encryptionKeys: `demo1:${randomBytes(32).toString("base64")}`,
    sandboxAdminToken: randomBytes(24).toString("base64url"),
    adminEmail: "admin@arge-inbox.local",
    adminPassword: randomBytes(9).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}

function buildIfNeeded() {
  if (existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  console.log("Anwendung wird gebaut (erster Start) … / building the application (first start) …");
  const r = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function waitUntilReady(child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) process.exit(child.exitCode);
    try {
      if ((await call(`${base}/api/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start within two minutes");
}

async function signIn(email, password) {
  const csrf = await call(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await call(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session-token"));
}

/**
 * The admin's connections to the sandbox, each to an account of its own, so that no document is
 * listed twice: UVI with OAuth (`hv-nord`), UVI with Basic (the second client), DTA for each of
 * `hv-nord`'s customers. The UVI connections report the register's residents to the sandbox's
 * on-site-roles v2 (`onSiteRolesUrl`: its base is the origin), each for its account's units; the DTA
 * files name whole properties, no flat, so their connections would report nothing. Null when the
 * sandbox's state is not the demo's.
 */
function connectionPlan(clients, origin) {
  const nord = clients.find((c) => c.oauth && c.basic && c.customers.length > 1);
  const second = clients.find((c) => c !== nord && c.basic && c.services.includes("uvi"));
  if (!nord || !second) return null;
  return [
    {
      name: "Sandbox UVI Nord (OAuth)",
      service: "uvi",
      baseUrl: `${origin}/arge`,
      authUrl: origin,
      auth: { type: "client_credentials", clientId: nord.oauth.clientId, clientSecret: nord.oauth.clientSecret },
      ...(nord.services.includes("osr") && { onSiteRolesUrl: origin }),
    },
    {
      name: "Sandbox UVI Rhein (Basic)",
      service: "uvi",
      baseUrl: `${origin}/arge`,
      auth: { type: "basic", ...second.basic },
      ...(second.services.includes("osr") && { onSiteRolesUrl: origin }),
    },
    ...nord.customers.map((kd) => ({
      name: `Sandbox DTA (Kunde ${kd})`,
      service: "dta",
      baseUrl: `${origin}/dta`,
      customerNumber: kd,
      auth: { type: "basic", ...nord.basic },
    })),
  ];
}

/** The planned connections' credentials, a line each, for the printout (docs/sandbox.md, "The demo data set"). */
function credentialLines(plan) {
  return plan.map((c) => {
    const who =
      c.auth.type === "basic"
        ? `${c.auth.username} / ${c.auth.password}`
        : `${c.auth.clientId} / ${c.auth.clientSecret}`;
    const extra = [
      c.authUrl && `Identitätsdienst / identity service ${c.authUrl}`,
      c.customerNumber && `kd ${c.customerNumber}`,
      c.onSiteRolesUrl && `Meldungen / reports ${c.onSiteRolesUrl}`,
    ]
      .filter(Boolean)
      .join(", ");
    return `      ${c.name}: ${c.baseUrl}  ${who}${extra ? `  (${extra})` : ""}`;
  });
}

/** Creates the planned connections once (a user who has connections keeps them) and syncs each. */
async function ensureConnections(secrets, plan) {
  const cookie = await signIn(secrets.adminEmail, secrets.adminPassword);
  if (!cookie) return "Anmeldung fehlgeschlagen / sign-in failed";
  const headers = { Cookie: cookie, "Content-Type": "application/json" };
  const existing = await call(`${base}/api/connections`, { headers });
  if (existing.status === 404)
    return "in dieser Version nicht vorhanden / connections are not available in this version";
  if ((await existing.json()).length > 0) return "vorhanden / present";
  const ids = [];
  for (const body of plan) {
    const res = await call(`${base}/api/connections`, { method: "POST", headers, body: JSON.stringify(body) });
    if (res.status !== 201)
      return `„${body.name}“ nicht angelegt (${res.status}) / creating "${body.name}" failed (${res.status})`;
    ids.push((await res.json()).id);
  }
  // A first sync, so that the inbox is filled at once; later the background sync keeps it current.
  let open = 0;
  for (const id of ids) {
    const res = await call(`${base}/api/connections/${id}/sync`, { method: "POST", headers: { Cookie: cookie } });
    const last = (await res.text()).trim().split("\n").pop() ?? "{}";
    open += JSON.parse(last).open ?? 0;
  }
  return `angelegt und abgeglichen (${open} offene Dokumente) / created and synced (${open} open documents)`;
}

/**
 * The unit register that fits the demo data (the sandbox's `GET /sandbox/api/demo/register.csv`),
 * imported once for the demo's user, so that the inbox shows properties, flats and residents.
 */
async function ensureRegister(secrets) {
  const cookie = await signIn(secrets.adminEmail, secrets.adminPassword);
  if (!cookie) return "Anmeldung fehlgeschlagen / sign-in failed";
  const existing = await call(`${base}/api/units?limit=1`, { headers: { Cookie: cookie } });
  if (!existing.ok) return `nicht verfügbar (${existing.status}) / not available (${existing.status})`;
  if ((await existing.json()).count > 0) return "vorhanden / present";
  const csv = await call(`${base}/sandbox/api/demo/register.csv`, {
    headers: { Authorization: `Bearer ${secrets.sandboxAdminToken}` },
  });
  if (!csv.ok)
    return `die Sandbox hat kein Demo-Verzeichnis (${csv.status}) / the sandbox has no demo register (${csv.status})`;
  const res = await call(`${base}/api/units`, {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": "text/csv" },
    body: await csv.text(),
  });
  const report = await res.json();
  return res.ok
    ? `importiert (${report.created} Nutzeinheiten) / imported (${report.created} usage units)`
    : `Import fehlgeschlagen (${res.status}) / import failed (${res.status})`;
}

/** The demo's connections, made if missing, and the credentials they use (empty when there is no plan). */
async function demoConnections(secrets) {
  const stateRes = await call(`${base}/sandbox/api/state`, {
    headers: { Authorization: `Bearer ${secrets.sandboxAdminToken}` },
  });
  if (!stateRes.ok)
    return {
      status: `Sandbox-Zustand nicht verfügbar (${stateRes.status}) / sandbox state unavailable (${stateRes.status})`,
      credentials: [],
    };
  const plan = connectionPlan((await stateRes.json()).clients, base);
  if (!plan)
    return {
      status:
        "die Sandbox hat keine Demo-Daten (POST /sandbox/api/reset lädt sie) / the sandbox holds no demo data set (POST /sandbox/api/reset loads it)",
      credentials: [],
    };
  return { status: await ensureConnections(secrets, plan), credentials: credentialLines(plan) };
}

async function main() {
  buildIfNeeded();
  const firstStart = isFirstStart(dataDir);
  const secrets = demoSecrets();
  const started = Date.now();
  console.log(startingLine(firstStart));
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, "lib/cli/serve.mjs"), "-p", port], {
    cwd: root,
    stdio: ["inherit", "pipe", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      // Readable lines for a person at the terminal, even when the demo's output is piped.
      LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty",
      DATA_DIR: dataDir,
      SANDBOX: sandboxOn ? "1" : "0",
      AUTH_SECRET: process.env.AUTH_SECRET ?? secrets.authSecret,
      ENCRYPTION_KEYS: process.env.ENCRYPTION_KEYS ?? secrets.encryptionKeys,
      SANDBOX_ADMIN_TOKEN: process.env.SANDBOX_ADMIN_TOKEN ?? secrets.sandboxAdminToken,
      ADMIN_EMAIL: secrets.adminEmail,
      ADMIN_PASSWORD: secrets.adminPassword,
      // E-mails to residents go to the sandbox mailbox (/sandbox/mail), never out of this machine.
      ...(sandboxOn
        ? {
            SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
            MAIL_FROM: process.env.MAIL_FROM ?? "Hausverwaltung Demo <uvi@arge-inbox.local>",
          }
        : {}),
    },
  });
  passServerOutput(child.stdout);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
  await waitUntilReady(child);
  const connections = await demoConnections(secrets).catch((err) => ({
    status: `übersprungen / skipped (${err.message})`,
    credentials: [],
  }));
  const register = await ensureRegister(secrets).catch((err) => `übersprungen / skipped (${err.message})`);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    banner({
      base,
      seconds,
      email: secrets.adminEmail,
      password: secrets.adminPassword,
      sandboxToken: secrets.sandboxAdminToken,
      connections,
      register,
      sandboxOn,
      smtpPort,
      dataDir,
    }),
  );
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
