/** Helpers for connection tests: users of each role, connections to a provider, and leak checks. */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { AltProvider } from "./alt-provider";
import { ADMIN, type TestServer } from "./server";
import { api, mustSignIn, type Session } from "./session";

export type Person = { email: string; password: string; session: Session };

export async function makeUser(
  server: TestServer,
  role: "admin" | "manager" | "support",
  admin?: Session,
): Promise<Person> {
  const adminSession = admin ?? (await mustSignIn(server.url, ADMIN.email, ADMIN.password));
  const email = `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  // Each test user in a team of their own, named by their address (issue #46): what one keeps, another does not see,
  // unless a test puts them in one team.
  const team = await api(adminSession, server.url, "/api/teams", { method: "POST", json: { name: email } });
  assert.equal(team.status, 201, team.text);
  const res = await api(adminSession, server.url, "/api/users", {
    method: "POST",
    json: { email, name: `Test ${role}`, role, password, teamId: team.body.id },
  });
  assert.equal(res.status, 201, res.text);
  return { email, password, session: await mustSignIn(server.url, email, password) };
}

export type Member = Person & { id: string; name: string };

/**
 * A new team (POST /api/teams) with one user of each of `roles` in it (POST /api/users {teamId}), each signed in:
 * teammates who share what the team keeps (issue #46).
 */
export async function makeTeam(
  server: TestServer,
  roles: ("admin" | "manager" | "support")[],
  admin?: Session,
): Promise<{ teamId: string; members: Member[] }> {
  const adminSession = admin ?? (await mustSignIn(server.url, ADMIN.email, ADMIN.password));
  const tag = randomBytes(4).toString("hex");
  const team = await api(adminSession, server.url, "/api/teams", { method: "POST", json: { name: `Team ${tag}` } });
  assert.equal(team.status, 201, team.text);
  const members: Member[] = [];
  for (const [i, role] of roles.entries()) {
    const email = `${role}-${tag}-${i}@example.com`;
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const name = `Mitglied ${i + 1} ${tag}`;
    const res = await api(adminSession, server.url, "/api/users", {
      method: "POST",
      json: { email, name, role, password, teamId: team.body.id },
    });
    assert.equal(res.status, 201, res.text);
    members.push({ id: res.body.id, name, email, password, session: await mustSignIn(server.url, email, password) });
  }
  return { teamId: team.body.id, members };
}

export async function addConnection(
  server: TestServer,
  who: Session,
  body: Record<string, unknown>,
): Promise<{ id: string } & Record<string, unknown>> {
  const res = await api(who, server.url, "/api/connections", { method: "POST", json: { name: "Test", ...body } });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/** Every route that takes a connection id, with a method and an optional body. */
export function idRoutes(id: string, documentid = "doc-1"): { method: string; path: string; json?: unknown }[] {
  return [
    { method: "PATCH", path: `/api/connections/${id}`, json: { name: "x" } },
    { method: "DELETE", path: `/api/connections/${id}` },
    { method: "POST", path: `/api/connections/${id}/test` },
    { method: "GET", path: `/api/connections/${id}/documents` },
    { method: "GET", path: `/api/connections/${id}/documents/count` },
    { method: "GET", path: `/api/connections/${id}/documents/${documentid}/data` },
    { method: "PUT", path: `/api/connections/${id}/documents/${documentid}/status` },
  ];
}

/**
 * Bodies of UVI connections to the alt provider (`provider.alt`, read at each call), each to an
 * account of its own (a user's second connection to one account is refused): the UVI service sends
 * no customer number, so another one changes the account and nothing else. `extra` overrides.
 */
export function uviBodies(provider: {
  alt: AltProvider;
}): (extra?: Record<string, unknown>) => Record<string, unknown> {
  let accounts = 0;
  return (extra = {}) => ({
    service: "uvi",
    baseUrl: provider.alt.uviBase,
    customerNumber: `k${++accounts}`,
    auth: { type: "basic", ...provider.alt.basic },
    ...extra,
  });
}
