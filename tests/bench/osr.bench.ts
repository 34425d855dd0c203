/**
 * On-site-roles figure of contracts/BENCH.md (issue 37), on the embedded database, over loopback
 * only, every server stopped afterwards, every loop bounded: the sandbox as a remote provider on its
 * own server (a fault rule delays every on-site-roles POST by 50 ms), the app on another with one
 * UVI connection to it that reports (`onSiteRolesUrl`), its documents synced.
 * - osr.report_1k_units_speedup_vs_sequential: a register import of 1,000 units with billing units,
 *   each with a move (a resident out, another in), queues 1,000 reports; the time from the import's
 *   answer until `GET /api/units?reports=open` counts none, against the same 1,000 v2 bodies (as the
 *   sandbox's control API shows what it accepted) POSTed from the bench one after another.
 */
import { cpuSeconds, threadCpuDuring } from "../support/memory";
import type { TestServer } from "../support/server";
import { api } from "../support/session";
import {
  BENCH_CLIENT,
  control,
  LATENCY_MS,
  postConnection,
  round,
  signInAdmin,
  sync,
  uviDoc,
  withServers,
  type AppRig,
} from "./rig";
import type { Figure } from "./types";

const UNITS = 1000;
/** Units per billing unit. */
const PER_BILLING_UNIT = 10;
const CLIENT = { ...BENCH_CLIENT, services: ["uvi", "osr"] };
const OSR_POST = "/onsiteroles/v2/billingunits/*/residentialunits/*/on-site-roles";
/** The longest the app's reports may take before the figure gives up (a bounded wait). */
const DEADLINE_MS = 600_000;
const POLL_MS = 250;

const mscOf = (i: number) => String(60_000_000 + i);
const billingOf = (i: number) => `AE${String(Math.floor(i / PER_BILLING_UNIT)).padStart(5, "0")}`;

/** Every unit with a move: the resident until the end of October, another from November. */
function registerCsv(): string {
  const rows = Array.from({ length: UNITS }, (_, i) => [
    `${mscOf(i)};${billingOf(i)};Haus Melde;Anna;Alt ${i};alt-${i}@example.de;E-Mail;01.01.2020 Formular;01.01.2020;31.10.2026`,
    `${mscOf(i)};${billingOf(i)};Haus Melde;Jörg;Neu ${i};neu-${i}@example.de;E-Mail;01.11.2026 Formular;01.11.2026;`,
  ]).flat();
  return [
    "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Einzug;Auszug",
    ...rows,
  ].join("\n");
}

const small = (i: number) => ({ base64: Buffer.from(`%PDF-1.4\n% ${i}\n`).toString("base64") });

type Accepted = { customer: string; billingunit: string; unit: string; state: unknown };

async function accepted(provider: TestServer): Promise<Accepted[]> {
  return ((await control(provider, "GET", "/onsiteroles")).body as { units: Accepted[] }).units;
}

/** The units with a report not accepted yet. */
async function openReports(rig: AppRig): Promise<number> {
  const res = await api(rig.session, rig.server.url, "/api/units?reports=open&limit=1");
  if (res.status !== 200) throw new Error(`GET /api/units?reports=open: ${res.status} ${res.text.slice(0, 200)}`);
  return res.body.count as number;
}

/** The import, then the wait until no report is open (bounded by DEADLINE_MS). */
async function appReports(rig: AppRig) {
  const started = performance.now();
  const res = await api(rig.session, rig.server.url, "/api/units", {
    method: "PUT",
    body: Buffer.from(registerCsv()),
    headers: { "content-type": "text/csv" },
  });
  if (res.status !== 200) throw new Error(`PUT /api/units: ${res.status} ${res.text.slice(0, 300)}`);
  const answered = performance.now();
  let open = await openReports(rig);
  const openAtAnswer = open;
  while (open > 0 && performance.now() - answered < DEADLINE_MS) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    open = await openReports(rig);
  }
  return { importMs: answered - started, reportsMs: performance.now() - answered, open, openAtAnswer };
}

/** The accepted bodies sent again from the bench, one after another, as the app's reporter sends them. */
async function sequential(provider: TestServer, units: Accepted[]): Promise<number> {
  const authorization = `Basic ${Buffer.from(`${CLIENT.basic.username}:${CLIENT.basic.password}`).toString("base64")}`;
  const started = performance.now();
  for (const u of units) {
    const res = await fetch(
      `${provider.url}/onsiteroles/v2/billingunits/${u.billingunit}/residentialunits/${u.unit}/on-site-roles`,
      {
        method: "POST",
        headers: { authorization, accept: "application/json", "content-type": "application/json", kd: u.customer },
        body: JSON.stringify(u.state),
      },
    );
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST report of ${u.unit}: ${res.status} ${text.slice(0, 200)}`);
  }
  return performance.now() - started;
}

async function osrFigure() {
  return withServers([{ sandbox: true }], async ([provider]) => {
    const documents = Array.from({ length: UNITS }, (_, i) => uviDoc(`o-${i}`, mscOf(i), "2026-10", small(i)));
    await control(provider!, "PUT", "/state", { settings: {}, clients: [CLIENT], documents });
    return withServers([{ env: { PROVIDER_URL_ALLOWLIST: provider!.url } }], async ([server]) => {
      const rig = { server: server!, session: await signInAdmin(server!) };
      const connection = await postConnection(rig, {
        name: "osr",
        service: "uvi",
        baseUrl: `${provider!.url}/arge`,
        onSiteRolesUrl: provider!.url,
        auth: { type: "basic", ...CLIENT.basic },
      });
      await sync(rig, connection);
      await control(provider!, "PUT", "/faults", [{ method: "POST", path: OSR_POST, delayMs: LATENCY_MS }]);
      const providerCpu = cpuSeconds(provider!.pid()!);
      const { result: app, cpu } = await threadCpuDuring(server!.pid()!, () => appReports(rig));
      const providerCpuS = round(cpuSeconds(provider!.pid()!) - providerCpu);
      const units = await accepted(provider!);
      if (app.open > 0 || units.length !== UNITS)
        return {
          value: null,
          reason: `after ${Math.round(app.reportsMs)} ms ${app.open} units had an open report, the provider had accepted ${units.length} of ${UNITS}`,
        };
      const bareMs = await sequential(provider!, units);
      return {
        value: round(bareMs / app.reportsMs),
        info: {
          reportsMs: Math.round(app.reportsMs),
          importMs: Math.round(app.importMs),
          openAtImportAnswer: app.openAtAnswer,
          sequentialMs: Math.round(bareMs),
          appMsPerReport: round(app.reportsMs / UNITS),
          appCpuS: cpu,
          providerCpuS,
          sequentialMsPerReport: round(bareMs / UNITS),
        },
      };
    });
  });
}

export const figures: Figure[] = [
  {
    name: "osr.report_1k_units_speedup_vs_sequential",
    unit: "ratio",
    goal: ">= 6",
    baseline: `the same ${UNITS.toLocaleString("en")} v2 bodies (each unit's data set as the sandbox accepted it from the app) POSTed from the bench one after another to the same sandbox endpoint (Basic, kd); the app's time runs from the answer of the register import that changed the ${UNITS.toLocaleString("en")} units (a move each, ${PER_BILLING_UNIT} units per billing unit) until GET /api/units?reports=open counts none (asked every ${POLL_MS} ms); one reporting connection; sandbox on its own server, ${LATENCY_MS} ms delay on every on-site-roles POST on both sides`,
    run: osrFigure,
  },
];
