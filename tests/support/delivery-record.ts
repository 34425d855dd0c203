/**
 * The delivery record's seed for support's tests (tests/integration/delivery/delivery-support*.test.ts):
 * two managers with a connection each to the sandbox, holding a few documents chosen for the
 * search, the grid and the CSV, synced once.
 */
import assert from "node:assert/strict";
import { addConnection, makeUser, type Person } from "./connections";
import type { startServer, TestServer } from "./server";
import { api, type Session } from "./session";
import type { Suite } from "./suite";

const berlinDay = (d: Date) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", dateStyle: "short" }).format(d);
export const today = berlinDay(new Date());
export const yesterday = berlinDay(new Date(Date.now() - 86_400_000));
const shiftMonth = (month: string, by: number) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
};
export const thisMonth = today.slice(0, 7);
export const lastMonth = shiftMonth(thisMonth, -1);

// The last two start a formula behind leading spaces, which a spreadsheet skips.
export const FORMULAS = ['=HYPERLINK("x")', "+cmd", "-1", "@x", " =2+3", "  @SUM(A1)"];
export const UMLAUT_NAME = "Verbrauch_Größe_Müller_2026-01.pdf";

function uvi(documentid: string, filename: string, units: [string, string][], customer = "4711") {
  return {
    service: "uvi",
    customer,
    documentid,
    filename,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-9",
    metadata: units.map(([mscnumber, month]) => ({
      reftype: "resident",
      mscnumber,
      pmnumber: `PM-${mscnumber}`,
      from: `${month}-01`,
      to: `${month}-28`,
    })),
    content: { generate: "uvi-pdf" },
    confirmed: false,
  };
}

export const STATE = {
  clients: [
    { id: "hv-a", services: ["uvi"], basic: { username: "hv-a", password: "sandbox-a-secret-1" }, customers: ["4711"] },
    { id: "hv-b", services: ["uvi"], basic: { username: "hv-b", password: "sandbox-b-secret-1" }, customers: ["4800"] },
  ],
  documents: [
    uvi("gap-jan", UMLAUT_NAME, [["000777", "2026-01"]]),
    uvi("gap-mar", "UVI_2026-03_000777.pdf", [["000777", "2026-03"]]),
    ...["01", "02", "03"].map((m) => uvi(`full-${m}`, `Heizkosten_2026-${m}_000888.pdf`, [["000888", `2026-${m}`]])),
    uvi("multi-feb", "Sammel_2026-02.pdf", [
      ["55501", "2026-02"],
      ["55501003", "2026-02"],
      ["55501", "2026-02"],
    ]),
    uvi("last-month", "UVI_last_000555.pdf", [["000555", lastMonth]]),
    ...FORMULAS.map((f, i) => uvi(`formula-${i}`, f, [[`00099${i}`, "2026-05"]])),
    uvi("other-1", "Fremd_2026-01.pdf", [["000123", "2026-01"]], "4800"),
  ],
};

/** RFC 4180 with `;`: the cells of each line. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"' && (quoted || cell === "")) {
      quoted = !quoted;
    } else if (!quoted && c === ";") {
      endCell();
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

export type RecordSeed = {
  server: TestServer;
  a: Person;
  b: Person;
  support: Person;
  admin: Session;
  connA: string;
  connB: string;
};

async function sync(server: TestServer, who: Session, id: string): Promise<void> {
  const res = await api(who, server.url, `/api/connections/${id}/sync`, { method: "POST" });
  assert.equal(res.status, 200, res.text);
  const last = JSON.parse(res.text.trim().split("\n").at(-1)!);
  assert.equal(last.done, true, res.text);
}

/**
 * The server the seed needs (suiteServer(RECORD_SERVER) in tests/support/suite.ts): the sandbox, no scheduled syncs.
 */
export const RECORD_SERVER: NonNullable<Parameters<typeof startServer>[0]> = {
  sandbox: true,
  env: { SYNC_INTERVAL_MINUTES: "0", PROVIDER_TIMEOUT_MS: "10000" },
};

/**
 * Seeds the suite's server (started with RECORD_SERVER): the sandbox holding STATE, its users and connections, both
 * synced.
 */
export async function seedDeliveryRecords({ server, admin }: Suite): Promise<RecordSeed> {
  const put = await api(null, server.url, "/sandbox/api/state", {
    method: "PUT",
    json: STATE,
    headers: { Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}` },
  });
  assert.equal(put.status, 204, put.text);
  const a = await makeUser(server, "manager", admin);
  const b = await makeUser(server, "manager", admin);
  const support = await makeUser(server, "support", admin);
  const base = { service: "uvi", baseUrl: `${server.url}/arge` };
  const connA = (
    await addConnection(server, a.session, {
      ...base,
      name: "Nord",
      auth: { type: "basic", username: "hv-a", password: "sandbox-a-secret-1" },
    })
  ).id;
  const connB = (
    await addConnection(server, b.session, {
      ...base,
      name: "Süd",
      auth: { type: "basic", username: "hv-b", password: "sandbox-b-secret-1" },
    })
  ).id;
  await sync(server, a.session, connA);
  await sync(server, b.session, connB);
  return { server, a, b, support, admin, connA, connB };
}

/**
 * The archived file as support fetches it. The archive commits right after a view's download has
 * ended (docs/architecture.md, "View"): asked again for up to 5 s while it answers 404.
 */
export async function archivedFile(seed: RecordSeed, connectionId: string, documentid: string): Promise<Response> {
  const url = `${seed.server.url}/api/delivery/documents/${connectionId}/${documentid}/file`;
  let file = await fetch(url, { headers: { Cookie: seed.support.session.cookie } });
  for (let i = 0; file.status === 404 && i < 50; i++) {
    await file.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
    file = await fetch(url, { headers: { Cookie: seed.support.session.cookie } });
  }
  return file;
}
