/**
 * The delivery specs' data (delivery.spec.ts, delivery-reports.spec.ts), fed the way real data
 * arrives: a sandbox client of their own with five documents of two usage units, a manager's
 * connection to it synced, one document viewed and one confirmed through the API; and the checks
 * both specs make of a page (axe, screenshots).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { api, mustSignIn, type Session } from "../support/session";
import { baseUrl, expect, seedUser } from "./fixtures";

export type Person = { email: string; password: string; name: string };

/**
 * A spec file's names and documents, its own: a worker runs both specs against one server, and each
 * file must find its own documents only.
 */
export function deliveryRun() {
  const run = Date.now().toString(36);
  const UNIT_GAP = `G${run}`; // January and March, February missing
  const UNIT_FULL = `F${run}`; // January to March
  const CLIENT = {
    id: `hv-e2e-${run}`,
    services: ["uvi", "dta"],
    basic: { username: `hv-e2e-${run}`, password: "e2e-basic-secret-1" },
    oauth: { clientId: `hv-e2e-${run}-api`, clientSecret: "e2e-oauth-secret-1" },
    customers: ["4711", "4712"],
  };
  const id = (name: string) => `${name}-${run}`;
  const DOCUMENTS = [
    uvi(id("gap-jan"), UNIT_GAP, "2026-01"),
    uvi(id("gap-mar"), UNIT_GAP, "2026-03"),
    uvi(id("full-jan"), UNIT_FULL, "2026-01"),
    uvi(id("full-feb"), UNIT_FULL, "2026-02"),
    uvi(id("full-mar"), UNIT_FULL, "2026-03"),
  ];
  const connectionName = `Messdienst E2E ${run}`;
  return { UNIT_GAP, UNIT_FULL, CLIENT, id, DOCUMENTS, connectionName };
}

export type DeliveryRun = ReturnType<typeof deliveryRun>;

function uvi(documentid: string, msc: string, month: string) {
  return {
    service: "uvi",
    customer: "4711",
    documentid,
    filename: `UVI_${documentid}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-E2E",
    metadata: [{ reftype: "resident", mscnumber: msc, pmnumber: `PM-${msc}`, from: `${month}-01`, to: `${month}-28` }],
    content: { generate: "uvi-pdf" },
    confirmed: false,
  };
}

async function sandbox(method: string, path: string, json?: unknown) {
  const res = await fetch(`${baseUrl()}/sandbox/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN}`,
      ...(json ? { "Content-Type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function mustSync(session: Session, connection: string) {
  const res = await fetch(`${baseUrl()}/api/connections/${connection}/sync`, {
    method: "POST",
    headers: { Cookie: session.cookie },
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(JSON.parse(text.trim().split("\n").at(-1)!)).toMatchObject({ done: true });
}

/**
 * What a spec's beforeAll seeds: the sandbox's state, a manager and support, the manager's
 * connection synced, one document viewed and one confirmed.
 */
export async function seedDelivery({
  CLIENT,
  DOCUMENTS,
  id,
  connectionName,
}: DeliveryRun): Promise<{ manager: Person; support: Person; connectionId: string }> {
  await sandbox("PUT", "/state", { clients: [CLIENT], documents: DOCUMENTS });
  const manager = await seedUser("manager", "Mara Verwalterin");
  const support = await seedUser("support", "Sven Support");
  const session = await mustSignIn(baseUrl(), manager.email, manager.password);
  const created = await api(session, baseUrl(), "/api/connections", {
    method: "POST",
    json: {
      name: connectionName,
      service: "uvi",
      baseUrl: `${baseUrl()}/arge`,
      auth: { type: "basic", ...CLIENT.basic },
    },
  });
  expect(created.status, created.text).toBe(201);
  const connectionId: string = created.body.id;
  await mustSync(session, connectionId);
  const viewed = await api(session, baseUrl(), `/api/connections/${connectionId}/documents/${id("full-feb")}/data`);
  expect(viewed.status).toBe(200);
  const confirmed = await api(
    session,
    baseUrl(),
    `/api/connections/${connectionId}/documents/${id("gap-jan")}/status`,
    { method: "PUT" },
  );
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.body.state).toBe("confirmed");
  return { manager, support, connectionId };
}

/** The sandbox back to its demo set (a spec's afterAll). */
export async function resetSandbox() {
  await sandbox("POST", "/reset");
}

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/e2e/screenshots/delivery-${name}.png`, fullPage: true });
