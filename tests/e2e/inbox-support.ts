/** Helpers of the inbox specs: the sandbox's state and faults, a connection, screenshots, axe. */
import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { baseUrl, expect } from "./fixtures";

type SandboxDoc = { documentid: string; confirmed?: boolean } & Record<string, unknown>;

export async function sandbox(method: string, path: string, json?: unknown): Promise<Response> {
  const res = await fetch(`${baseUrl()}/sandbox/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN}`,
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Until `n` of the provider's requests wait on the fault rules' hold `name`: the server has what the page sent. */
export async function untilHeld(name: string, n = 1): Promise<void> {
  const waiting = async () =>
    ((await (await sandbox("GET", "/holds")).json()) as { name: string; waiting: number }[]).find(
      (h) => h.name === name,
    )?.waiting ?? 0;
  await expect.poll(waiting, { timeout: 30_000 }).toBeGreaterThanOrEqual(n);
}

export async function sandboxDocuments(): Promise<SandboxDoc[]> {
  const state = (await (await sandbox("GET", "/state")).json()) as { documents: SandboxDoc[] };
  return state.documents;
}

export const confirmedAtProvider = async (documentid: string) =>
  (await sandboxDocuments()).find((d) => d.documentid === documentid)?.confirmed;

/** The sandbox's requests to a path that ends with `suffix`. */
export async function providerRequests(method: string, suffix: string): Promise<unknown[]> {
  const log = (await (await sandbox("GET", "/requests")).json()) as { method: string; path: string }[];
  return log.filter((r) => r.method === method && r.path.endsWith(suffix));
}

/**
 * Replaces the provider's documents (and settings) and its faults, keeping the demo client that
 * other specs sign in with; `build` gets that client's own customer number.
 */
export async function setDocuments(
  build: (customer: string) => unknown[],
  settings: Record<string, unknown> = {},
): Promise<void> {
  const state = (await (await sandbox("GET", "/state")).json()) as {
    clients: { basic?: unknown; oauth?: unknown; customers: string[] }[];
  };
  const demo = state.clients.find((c) => c.basic && c.oauth);
  if (!demo) throw new Error("the sandbox has no client with Basic and OAuth");
  await sandbox("DELETE", "/faults");
  await sandbox("PUT", "/state", { settings, clients: state.clients, documents: build(demo.customers[0]!) });
}

/**
 * Adds documents at the demo client's own customer, keeping all the provider holds: for a spec that
 * needs documents of its own whatever the specs before it in the worker left (some replace the state).
 */
export async function addDocuments(build: (customer: string) => unknown[]): Promise<void> {
  const state = (await (await sandbox("GET", "/state")).json()) as SandboxState;
  const demo = state.clients.find((c) => c.basic && c.oauth);
  if (!demo) throw new Error("the sandbox has no client with Basic and OAuth");
  const documents = [...state.documents, ...build(demo.customers[0]!)];
  await sandbox("PUT", "/state", { settings: state.settings, clients: state.clients, documents });
}

/** A UVI PDF of usage unit `msc` for month `ym` at the demo client's own customer. */
export function uviDoc(id: string, msc: string, ym: string, customer: string) {
  const last = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).getUTCDate();
  return {
    service: "uvi",
    customer,
    documentid: id,
    filename: `UVI_${id}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-7",
    metadata: [{ reftype: "resident", mscnumber: msc, pmnumber: `PM-${msc}`, from: `${ym}-01`, to: `${ym}-${last}` }],
    content: { generate: "uvi-pdf" },
    confirmed: false,
  };
}

type SandboxState = {
  settings?: unknown;
  clients: { basic?: unknown; oauth?: unknown; customers: string[] }[];
  documents: unknown[];
};

/**
 * A sandbox account of its own (Basic, UVI unless `service` says DTA) that sees the demo client's
 * customer: the same documents, but another account, so that a user's connections never reach one
 * account twice (that is refused with 409 duplicate_connection).
 */
export async function sandboxAccount(service: "uvi" | "dta" = "uvi"): Promise<{ username: string; password: string }> {
  const state = (await (await sandbox("GET", "/state")).json()) as SandboxState;
  const demo = state.clients.find((c) => c.basic && c.oauth);
  if (!demo) throw new Error("the sandbox has no client with Basic and OAuth");
  const id = `e2e-${randomBytes(6).toString("hex")}`;
  const basic = { username: id, password: `${id}-secret` };
  await sandbox("PUT", "/state", {
    settings: state.settings,
    clients: [...state.clients, { id, services: [service], basic, customers: demo.customers }],
    documents: state.documents,
  });
  return basic;
}

/**
 * A UVI connection of the signed-in user to the sandbox, created through the API with the page's
 * session: to `account`, or to an account of its own.
 */
export async function addConnection(
  page: Page,
  name: string,
  account?: { username: string; password: string },
): Promise<string> {
  const res = await page.request.post(`${baseUrl()}/api/connections`, {
    data: {
      name,
      service: "uvi",
      baseUrl: `${baseUrl()}/arge`,
      auth: { type: "basic", ...(account ?? (await sandboxAccount())) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** What the window shows (dialogs and the sticky viewer where a person sees them). */
export const shot = (page: Page, name: string) => page.screenshot({ path: `tests/e2e/screenshots/inbox-${name}.png` });

/** No serious or critical axe violations on the page as it stands (dialogs included). */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page is no wider than the window: nothing scrolls sideways (a phone's 390 px included). */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "the page scrolls sideways").toBeLessThanOrEqual(widths.client);
}
