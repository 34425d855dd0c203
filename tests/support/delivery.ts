/** Helpers for delivery tests: the sandbox's control API, NDJSON answers, and provider states. */
import assert from "node:assert/strict";
import { addConnection, makeUser, type Person } from "./connections";
import type { TestServer } from "./server";
import { api, type Session } from "./session";
import { until } from "./until";

export const SANDBOX_CLIENT = {
  id: "hv-test",
  services: ["uvi", "dta"],
  basic: { username: "hv-test", password: "sandbox-basic-secret-1" },
  oauth: { clientId: "hv-test-api", clientSecret: "sandbox-oauth-secret-1" },
  customers: ["4711", "4712"],
};
export const SANDBOX_BASIC = {
  type: "basic",
  username: SANDBOX_CLIENT.basic.username,
  password: SANDBOX_CLIENT.basic.password,
};

export type SandboxRequest = {
  at: string;
  method: string;
  path: string;
  status: number;
  auth: string;
  kd: string | null;
};

export function control(server: TestServer, method: string, path: string, json?: unknown) {
  return api(null, server.url, `/sandbox/api${path}`, {
    method,
    json,
    headers: { Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}` },
  });
}

/** Lifts the fault rules' hold `name` (docs/sandbox.md, "Fault rules"): what waits on it goes on. */
export async function liftHold(server: TestServer, name: string): Promise<void> {
  const res = await control(server, "DELETE", `/holds/${name}`);
  assert.equal(res.status, 204, res.text);
}

/** Until `n` requests wait on the hold `name` (at most about 10 s); fails if they never do. */
export async function untilHeld(server: TestServer, name: string, n = 1): Promise<void> {
  const waiting = async () =>
    ((await control(server, "GET", "/holds")).body as { name: string; waiting: number }[]).find((h) => h.name === name)
      ?.waiting ?? 0;
  const held = await until(waiting, (w) => w >= n, { tries: 200, everyMs: 50 });
  assert.ok(held >= n, `${held} of ${n} requests held by "${name}"`);
}

export async function putState(
  server: TestServer,
  documents: unknown[],
  settings: Record<string, unknown> = {},
): Promise<void> {
  const res = await control(server, "PUT", "/state", { settings, clients: [SANDBOX_CLIENT], documents });
  assert.equal(res.status, 204, res.text);
}

export async function requestsLog(server: TestServer): Promise<SandboxRequest[]> {
  return (await control(server, "GET", "/requests")).body as SandboxRequest[];
}

/** How many status PUTs of UVI document `id` the sandbox's requests log holds. */
export const putsOf = (log: SandboxRequest[], id: string) =>
  log.filter((r) => r.method === "PUT" && r.path === `/arge/documents/v1/documents/out/${id}/status`).length;

/** A UVI document of the sandbox state for usage unit `msc` and month `ym` (YYYY-MM). */
export function uvi(id: string, msc: string | null, ym = "2026-10", extra: Record<string, unknown> = {}) {
  const last = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).getUTCDate();
  return {
    service: "uvi",
    customer: "4711",
    documentid: id,
    filename: `UVI_${id}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-7",
    metadata:
      msc === null
        ? []
        : [{ reftype: "resident", mscnumber: msc, pmnumber: `PM-${msc}`, from: `${ym}-01`, to: `${ym}-${last}` }],
    content: { generate: "uvi-pdf" },
    confirmed: false,
    ...extra,
  };
}

/** UVI documents with these ids, each of its own usage unit `${unitPrefix}0000`, `${unitPrefix}0001`, ... */
export const uviFor = (ids: string[], unitPrefix: string) =>
  ids.map((id, i) => uvi(id, `${unitPrefix}${String(i).padStart(4, "0")}`));

/** A new manager with a UVI connection (Basic) to the server's own sandbox. */
export async function sandboxManager(server: TestServer): Promise<{ manager: Person; connectionId: string }> {
  const manager = await makeUser(server, "manager");
  const { id } = await addConnection(server, manager.session, {
    service: "uvi",
    baseUrl: `${server.url}/arge`,
    auth: SANDBOX_BASIC,
  });
  return { manager, connectionId: id };
}

/** Reads a whole NDJSON answer into its lines. */
export async function ndjson(
  session: Session,
  base: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; lines: Record<string, unknown>[]; text: string }> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { Cookie: session.cookie, ...(json !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, lines: [], text };
  assert.match(res.headers.get("content-type") ?? "", /application\/x-ndjson/);
  return {
    status: res.status,
    lines: text
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
    text,
  };
}

export const syncConnection = (session: Session, base: string, id: string) =>
  ndjson(session, base, `/api/connections/${id}/sync`);

/**
 * The done line of a sync that must have succeeded. A sync the app runs by itself at that moment (the check after a
 * bulk run's unknown answers, say) answers 409 `sync_running`: this one then follows it, as a person would (bounded).
 */
export async function mustSync(session: Session, base: string, id: string): Promise<Record<string, unknown>> {
  let res = await syncConnection(session, base, id);
  for (let i = 0; i < 100 && res.status === 409 && res.text.includes("sync_running"); i++) {
    await new Promise((r) => setTimeout(r, 100));
    res = await syncConnection(session, base, id);
  }
  assert.equal(res.status, 200, res.text);
  const done = res.lines.at(-1)!;
  assert.equal(done.done, true, res.text);
  assert.equal(done.error, undefined, res.text);
  return done;
}

/** Each document's state as the inbox's first page (200 documents) lists it, by document id. */
export async function inboxStates(session: Session, base: string): Promise<Record<string, string>> {
  const inbox = await api(session, base, `/api/inbox?limit=200`);
  const out: Record<string, string> = {};
  for (const g of inbox.body.groups) for (const d of g.documents) out[d.documentid] = d.state;
  return out;
}

const INBOX_STATES = ["open", "pending", "confirmed", "failed", "unknown", "gone"] as const;

/**
 * The inbox's totals and open counts (kept on every write, migration 0007) agree with the
 * documents its pages list (read from the index rows themselves), for every state filter and for
 * the given months: after writes from confirmations, syncs, reconciliation or two instances at once.
 */
export async function assertInboxCountsAgree(session: Session, base: string, months: string[] = []): Promise<void> {
  const filters = [...["", ...INBOX_STATES.map((s) => `state=${s}`)], ...months.map((m) => `month=${m}`)];
  const openPerConnection = new Map<string, number>();
  for (const filter of filters) {
    const units = new Set<string | null>();
    let documents = 0;
    let total: { units: number; documents: number } | undefined;
    for (let offset = 0; ; offset += 200) {
      const res = await api(session, base, `/api/inbox?${filter}&limit=200&offset=${offset}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = res.body as {
        units: number;
        documents: number;
        connections: { id: string; open: number }[];
        groups: { unit: string | null; documents: { connectionId: string; state: string }[] }[];
      };
      total ??= { units: body.units, documents: body.documents };
      assert.deepEqual(
        { units: body.units, documents: body.documents },
        total,
        `${filter}: totals changed between pages`,
      );
      // A unit whose documents straddle two pages is listed on both.
      for (const g of body.groups) units.add(g.unit);
      const listed = body.groups.reduce((n, g) => n + g.documents.length, 0);
      documents += listed;
      if (filter === "") {
        // The counts are the whole view's: taken from the first page, each page's open documents taken off them.
        if (offset === 0) for (const c of body.connections) openPerConnection.set(c.id, c.open);
        for (const g of body.groups)
          for (const d of g.documents)
            if (d.state === "open")
              openPerConnection.set(d.connectionId, (openPerConnection.get(d.connectionId) ?? 0) - 1);
      }
      if (listed < 200) break;
    }
    assert.deepEqual(
      { units: units.size, documents },
      total,
      `${filter || "no filter"}: the totals are those of the listed pages`,
    );
  }
  for (const [id, rest] of openPerConnection)
    assert.equal(rest, 0, `connection ${id}: the open count is that of the listed open documents`);
}

/**
 * Starts an NDJSON request and reads its answer until `count` lines have arrived (or it ended):
 * `text` so far, then `rest()` for everything up to its end, or `cancel()` to stop reading.
 */
export async function ndjsonUntil(session: Session, base: string, path: string, json: unknown, count: number) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { Cookie: session.cookie, ...(json !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  assert.equal(res.status, 200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while ((text.match(/\n/g) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return {
    text,
    /** The whole answer once it has ended, or as far as it came when the connection broke. */
    rest: async () => {
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read())
          text += decoder.decode(r.value, { stream: true });
      } catch {
        // cut off: what arrived is the answer
      }
      return text;
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/**
 * A bulk confirmation cut in its middle: the provider answers the first `answered` PUTs and holds the rest (the hold
 * `put`); back once `answered` lines arrived and a PUT waits on the hold, with the run's answer to read on.
 */
export async function confirmUntilHeld(
  s: { server: TestServer; manager: Person; connectionId: string },
  documentids: string[],
  answered: number,
) {
  const status = "/arge/documents/v1/documents/out/*/status";
  await control(s.server, "PUT", "/faults", [
    { method: "PUT", path: status, times: answered },
    { method: "PUT", path: status, hold: "put" },
  ]);
  const path = `/api/connections/${s.connectionId}/confirmations`;
  const run = await ndjsonUntil(s.manager.session, s.server.url, path, { documentids }, answered);
  await untilHeld(s.server, "put");
  return run;
}
