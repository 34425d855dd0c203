/** Helpers for the sandbox conformance tests: they talk to the running app over HTTP only. */
import type { TestServer } from "../support/server";

export type { TestServer };

export const UVI = "/arge/documents/v1";
export const REALM = "/auth/realms/arge-api";

export const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;

export const CLIENT_A = {
  id: "client-a",
  services: ["uvi", "dta"],
  basic: { username: "a-user", password: "a-basic-secret-1" },
  oauth: { clientId: "a-api", clientSecret: "a-oauth-secret-1" },
  customers: ["100", "101"],
};
export const CLIENT_B = {
  id: "client-b",
  services: ["uvi", "dta"],
  basic: { username: "b-user", password: "b-basic-secret-1" },
  customers: ["200"],
};
export const A_BASIC = basic(CLIENT_A.basic.username, CLIENT_A.basic.password);
export const B_BASIC = basic(CLIENT_B.basic.username, CLIENT_B.basic.password);

export const PDF_BYTES = Buffer.from("%PDF-1.4\n% sandbox test bytes\n%%EOF\n");
export const ZIP_BYTES = Buffer.from("PK\u0003\u0004 sandbox test zip");

export function uviDoc(customer: string, id: string, extra: Record<string, unknown> = {}) {
  return {
    service: "uvi",
    customer,
    documentid: id,
    filename: `${id}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "",
    metadata: [
      { reftype: "resident", mscnumber: "55501003", pmnumber: "HV-7-03", from: "2026-10-01", to: "2026-10-31" },
    ],
    content: { generate: "uvi-pdf" },
    ...extra,
  };
}

export function dtaDoc(customer: string, id: string, extra: Record<string, unknown> = {}) {
  return {
    service: "dta",
    customer,
    documentid: id,
    filename: `${id}.zip`,
    doctype: "A",
    doctypeversion: "3.07",
    mimetype: "ZIP",
    propertymanagement: "HV-7",
    metadata: [
      { reftype: "billingunit", mscnumber: "55501", pmnumber: null, from: null, to: null },
      { reftype: "residentialunit", mscnumber: "55501003", pmnumber: "HV-7-03", from: "2025-01-01", to: "2025-12-31" },
    ],
    content: { base64: ZIP_BYTES.toString("base64") },
    ...extra,
  };
}

/**
 * Client A: `uviCount` UVI documents u-0.. (u-0 with given bytes), DTA d-0..d-2 for 100, k-0 for 101; client B: one of
 * each.
 */
export function testState(uviCount = 5, settings: Record<string, unknown> = {}) {
  const uvi = Array.from({ length: uviCount }, (_, i) =>
    uviDoc("100", `u-${i}`, i === 0 ? { content: { base64: PDF_BYTES.toString("base64") } } : {}),
  );
  return {
    settings,
    clients: [CLIENT_A, CLIENT_B],
    documents: [
      ...uvi,
      uviDoc("200", "u-b-0"),
      dtaDoc("100", "d-0"),
      dtaDoc("100", "d-1", { content: { generate: "dta-zip" } }),
      dtaDoc("100", "d-2"),
      dtaDoc("101", "k-0"),
      dtaDoc("200", "d-b-0"),
    ],
  };
}

export async function admin(server: TestServer, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/sandbox/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function putState(server: TestServer, state: unknown): Promise<void> {
  const res = await admin(server, "PUT", "/state", state);
  if (res.status !== 204) throw new Error(`PUT state: ${res.status} ${await res.text()}`);
}

export async function setFaults(server: TestServer, rules: unknown): Promise<void> {
  const res = await admin(server, "PUT", "/faults", rules);
  if (res.status !== 204) throw new Error(`PUT faults: ${res.status} ${await res.text()}`);
}

export function call(
  server: TestServer,
  path: string,
  init: RequestInit & { auth?: string; accept?: string } = {},
): Promise<Response> {
  const { auth, accept, headers, ...rest } = init;
  const h = new Headers(headers);
  if (auth) h.set("Authorization", auth);
  if (accept) h.set("Accept", accept);
  return fetch(`${server.url}${path}`, { ...rest, headers: h });
}

export async function token(
  server: TestServer,
  clientId = CLIENT_A.oauth.clientId,
  secret = CLIENT_A.oauth.clientSecret,
) {
  const res = await fetch(`${server.url}${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { Authorization: basic(clientId, secret), "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
