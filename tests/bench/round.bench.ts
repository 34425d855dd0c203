/**
 * month.round_5k_per_document_vs_500 (contracts/BENCH.md): an office's whole month through the API,
 * per document, at 5,000 units against 500. Two servers, each its own sandbox and mailbox (SMTP_URL):
 * 500 units in one property, 5,000 in ten properties of 500 (a print holds at most 500 letters);
 * one October UVI a unit, residents on e-mail, portal and post in turn. The round, timed: the sync,
 * then for each property what the month page does: its documents (GET /api/month/documents), "Alle
 * bestätigen", "Alle weitergeben", the print and the proof (PDF and CSV). The month page must then
 * count every unit reached. Loopback only; every loop is bounded by the properties and units.
 */
import { freePort, type TestServer } from "../support/server";
import { api } from "../support/session";
import {
  addConnection,
  BENCH_CLIENT,
  ndjsonRun,
  putState,
  round,
  signInAdmin,
  sync,
  timeIt,
  uviDoc,
  withServers,
  type AppRig,
} from "./rig";
import type { Figure } from "./types";

const MONTH = "2026-10";
const PER_PROPERTY = 500;
const CHANNELS = ["E-Mail", "Portal", "Post"];
const REACHED = ["email", "portal", "opened", "posted"] as const;

type Side = AppRig & { connection: string; units: number; properties: string[] };
type RoundDocument = {
  connectionId: string;
  documentid: string;
  confirmable: boolean;
  confirmed: boolean;
  handsOn: boolean;
};
type Steps = { syncMs: number; confirmMs: number; handOnMs: number; printMs: number; proofMs: number };

const propertyOf = (u: number) => `Quartier ${String(Math.floor(u / PER_PROPERTY) + 1).padStart(2, "0")}`;
const mscOf = (u: number) => String(40_000_000 + u);

/** The register as property-management software exports it: one row a unit. */
function register(units: number): string {
  const rows = ["Nutzeinheit;Liegenschaft;Lage;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Straße;PLZ;Ort;Einzug"];
  for (let u = 0; u < units; u++)
    rows.push(
      `${mscOf(u)};${propertyOf(u)};Lage ${u};Rea;Runde ${u};rea${u}@example.com;${CHANNELS[u % 3]};${CHANNELS[u % 3] === "Post" ? "" : "01.01.2026 Formular"};Weg ${u};10115;Berlin;01.01.2020`,
    );
  return rows.join("\r\n");
}

/** The sandbox filled, the register imported, the connection added: nothing of the round done yet. */
async function prepare(server: TestServer, units: number): Promise<Side> {
  await putState(
    server,
    Array.from({ length: units }, (_, u) => uviDoc(`r-${u}`, mscOf(u), MONTH)),
  );
  const rig = { server, session: await signInAdmin(server) };
  const res = await api(rig.session, server.url, "/api/units", {
    method: "PUT",
    body: Buffer.from(register(units), "utf8"),
    headers: { "content-type": "text/csv" },
  });
  if (res.status !== 200) throw new Error(`register import of ${units} units: ${res.status} ${res.text.slice(0, 300)}`);
  const connection = await addConnection(rig, `${server.url}/arge`, BENCH_CLIENT.basic);
  const properties = [...new Set(Array.from({ length: units }, (_, u) => propertyOf(u)))];
  return { ...rig, connection, units, properties };
}

async function getJson<T>(side: Side, path: string): Promise<T> {
  const res = await fetch(`${side.server.url}${path}`, { headers: { cookie: side.session.cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const scope = (property: string) => new URLSearchParams({ month: MONTH, property }).toString();
const documentsOf = async (side: Side, property: string) =>
  (await getJson<{ documents: RoundDocument[]; truncated: boolean }>(side, `/api/month/documents?${scope(property)}`))
    .documents;

/** "Alle bestätigen": the bulk confirmation of the property's open documents; each must end confirmed. */
async function confirmAll(side: Side, property: string): Promise<void> {
  const open = (await documentsOf(side, property)).filter((d) => d.confirmable && !d.confirmed);
  if (open.length !== PER_PROPERTY) throw new Error(`${property}: ${open.length} documents to confirm`);
  const { done } = await ndjsonRun(side, `/api/connections/${side.connection}/confirmations`, {
    documentids: open.map((d) => d.documentid),
  });
  if (done.confirmed !== open.length)
    throw new Error(`${property}: the confirmation ended with ${JSON.stringify(done)}`);
}

/** "Alle weitergeben": the confirmed documents that go out by e-mail or portal; each must be sent. */
async function handOnAll(side: Side, property: string): Promise<void> {
  const docs = (await documentsOf(side, property)).filter((d) => d.confirmed && d.handsOn);
  const first = side.properties.indexOf(property) * PER_PROPERTY;
  const digital = Array.from({ length: PER_PROPERTY }, (_, i) => first + i).filter(
    (u) => CHANNELS[u % 3] !== "Post",
  ).length;
  if (docs.length !== digital) throw new Error(`${property}: ${docs.length} of ${digital} documents to hand on`);
  const documents = docs.map((d) => ({ connectionId: d.connectionId, documentid: d.documentid }));
  const { done } = await ndjsonRun(side, "/api/handoffs", { documents, again: false });
  if (done.sent !== docs.length) throw new Error(`${property}: the hand-off ended with ${JSON.stringify(done)}`);
}

async function download(side: Side, path: string, init: RequestInit = {}): Promise<number> {
  const res = await fetch(`${side.server.url}${path}`, {
    ...init,
    headers: { cookie: side.session.cookie, ...init.headers },
  });
  const bytes = await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
  return bytes.byteLength;
}

/** The print of the post letters (with the sender's address, none being stored), then "Gedruckt und versandt". */
const print = async (side: Side, property: string) => {
  const json = { method: "POST", headers: { "content-type": "application/json" } };
  await download(side, "/api/handoffs/print", {
    ...json,
    body: JSON.stringify({ property, month: MONTH, senderAddress: "Musterweg 1, 20095 Hamburg" }),
  });
  return download(side, "/api/handoffs/posted", { ...json, body: JSON.stringify({ property, month: MONTH }) });
};

/** The proof of the property's month, PDF and CSV. */
async function proof(side: Side, property: string): Promise<void> {
  await download(side, `/api/handoffs/proof?${scope(property)}`);
  await download(side, `/api/handoffs/proof.csv?${scope(property)}`);
}

/** The whole round, each step's time summed over the properties. */
async function runRound(side: Side): Promise<Steps> {
  const steps: Steps = { syncMs: 0, confirmMs: 0, handOnMs: 0, printMs: 0, proofMs: 0 };
  steps.syncMs = await timeIt(async () => {
    const { done } = await sync(side, side.connection);
    if (done.open !== side.units)
      throw new Error(`the sync of ${side.units} documents indexed ${String(done.open)} open`);
  });
  for (const property of side.properties) {
    steps.confirmMs += await timeIt(() => confirmAll(side, property));
    steps.handOnMs += await timeIt(() => handOnAll(side, property));
    steps.printMs += await timeIt(() => print(side, property));
    steps.proofMs += await timeIt(() => proof(side, property));
  }
  return steps;
}

/** Afterwards the month page counts every unit of every property reached by its channel. */
async function assertReached(side: Side): Promise<void> {
  for (const property of side.properties) {
    const body = await getJson<{ properties: { units: number; counts: Record<string, number> }[] }>(
      side,
      `/api/month?${scope(property)}`,
    );
    const row = body.properties[0];
    const reached = REACHED.reduce((n, s) => n + (row?.counts[s] ?? 0), 0);
    if (row?.units !== PER_PROPERTY || reached !== PER_PROPERTY)
      throw new Error(`${property}: ${reached} of ${row?.units} units reached: ${JSON.stringify(row?.counts)}`);
  }
}

async function measure(side: Side) {
  const steps = await runRound(side);
  await assertReached(side);
  const totalMs = Object.values(steps).reduce((a, b) => a + b, 0);
  return { perDocumentMs: totalMs / side.units, totalMs, steps };
}

const serverWithMailbox = async () => {
  const smtpPort = await freePort();
  return {
    sandbox: true,
    env: {
      SANDBOX_SMTP_PORT: String(smtpPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Hausverwaltung Runde <uvi@runde.example>",
    },
  };
};

async function roundFigure() {
  return withServers([await serverWithMailbox(), await serverWithMailbox()], async ([one, two]) => {
    const small = await prepare(one!, PER_PROPERTY);
    const large = await prepare(two!, PER_PROPERTY * 10);
    const s = await measure(small);
    const l = await measure(large);
    const perStep = (r: Awaited<ReturnType<typeof measure>>) =>
      Object.fromEntries(Object.entries(r.steps).map(([k, v]) => [k, Math.round(v)]));
    return {
      value: round(l.perDocumentMs / s.perDocumentMs),
      info: {
        perDocumentMs500: round(s.perDocumentMs),
        perDocumentMs5k: round(l.perDocumentMs),
        steps500: perStep(s),
        steps5k: perStep(l),
      },
    };
  });
}

export const figures: Figure[] = [
  {
    name: "month.round_5k_per_document_vs_500",
    unit: "ratio",
    goal: "<= 1.2",
    baseline:
      "the same round (sync; per property of 500 units: its documents, confirm all, hand on all by e-mail and portal, print the post letters, the proof PDF and CSV) per document at 500 units in one property, another server, same run; one round each, the smaller first; sandbox without latency, each server's own sandbox mailbox",
    run: roundFigure,
  },
];
