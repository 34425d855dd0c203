/**
 * The rig of the hand-off figures (handoff.bench.ts): one server with the sandbox on, its SMTP_URL
 * pointing at its own mailbox; the sandbox holding generated UVI PDFs of one month, the admin's
 * connection to it synced and every document confirmed (so archived), and a register of one resident
 * per unit, each on the given channel. Loopback only; every loop is bounded by the documents.
 */
import type { TestServer } from "../support/server";
import { freePort } from "../support/server";
import { api } from "../support/session";
import { BENCH_CLIENT, ndjsonRun, syncedSandbox, uviDoc, withServers, type AppRig } from "./rig";

/** The month of every document of the hand-off figures. */
export const HANDOFF_MONTH = "2026-10";
export const MAIL_FROM = "Hausverwaltung Muster <uvi@muster.example>";
/** Documents per bulk confirmation (MAX_CONFIRMATIONS of lib/delivery/schemas.ts). */
const CONFIRM_BATCH = 1000;

/** One register row: a unit of `property` with its resident on `channel`. */
export type Resident = { property: string; channel: "email" | "post" };

export type HandoffRig = AppRig & {
  connection: string;
  smtpPort: number;
  /** The documents' ids, in the order of `residents`, one per unit. */
  ids: string[];
  /** Each unit's usage-unit number, in the same order. */
  units: string[];
};

const mscOf = (i: number) => String(50_000_000 + i);
export const emailOf = (i: number) => `bewohner-${i}@example.de`;

/** The register as a CSV import: one unit per resident, numbered like the documents. */
function registerCsv(residents: Resident[]): string {
  const rows = residents.map((r, i) =>
    r.channel === "email"
      ? `${mscOf(i)};${r.property};Whg ${i};Bewohner ${i};${emailOf(i)};E-Mail;01.01.2026 Formular;`
      : `${mscOf(i)};${r.property};Whg ${i};Bewohner ${i};;Post;;Benchweg ${i}, 10115 Berlin`,
  );
  return ["Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift", ...rows].join("\n");
}

async function importRegister(rig: AppRig, csv: string): Promise<void> {
  const res = await api(rig.session, rig.server.url, "/api/units", {
    method: "PUT",
    body: Buffer.from(csv),
    headers: { "content-type": "text/csv" },
  });
  if (res.status !== 200) throw new Error(`PUT /api/units: ${res.status} ${res.text.slice(0, 300)}`);
}

/** Confirms (and so archives) every document, a bulk run of at most CONFIRM_BATCH at a time. */
async function confirmAll(rig: AppRig, connection: string, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CONFIRM_BATCH) {
    const { done } = await ndjsonRun(rig, `/api/connections/${connection}/confirmations`, {
      documentids: ids.slice(i, i + CONFIRM_BATCH),
    });
    if (done.confirmed !== Math.min(CONFIRM_BATCH, ids.length - i))
      throw new Error(`bulk confirmation: ${JSON.stringify(done)}`);
  }
}

/** The server with its documents confirmed and its register imported, handed to `measure`; always stopped. */
export async function withHandoffRig<T>(residents: Resident[], measure: (rig: HandoffRig) => Promise<T>): Promise<T> {
  const smtpPort = await freePort();
  const env = { SANDBOX_SMTP_PORT: String(smtpPort), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM };
  return withServers([{ sandbox: true, env }], async ([server]) => {
    const units = residents.map((_, i) => mscOf(i));
    const ids = units.map((_, i) => `h-${i}`);
    const { rig, connection } = await syncedSandbox(
      server!,
      ids.map((id, i) => uviDoc(id, units[i]!, HANDOFF_MONTH)),
    );
    await confirmAll(rig, connection, ids);
    await importRegister(rig, registerCsv(residents));
    return measure({ ...rig, connection, smtpPort, ids, units });
  });
}

/** The document's bytes as the sandbox serves them (the generated PDF, the same bytes the archive holds). */
export async function sandboxBytes(server: TestServer, id: string): Promise<Buffer> {
  const auth = `Basic ${Buffer.from(`${BENCH_CLIENT.basic.username}:${BENCH_CLIENT.basic.password}`).toString("base64")}`;
  const res = await fetch(`${server.url}/arge/documents/v1/documents/out/${id}/data`, {
    headers: { authorization: auth, accept: "application/pdf" },
  });
  if (res.status !== 200) throw new Error(`GET data of ${id}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
