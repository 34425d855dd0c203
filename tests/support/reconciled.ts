/**
 * The reconciliation rules after a crash or a shutdown in the middle of confirmations: every
 * claim judged, and nothing confirmed at the provider without its record and archived bytes.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { makeUser } from "./connections";
import { control } from "./delivery";
import type { TestServer } from "./server";
import { api, type Session } from "./session";

/** The documents the provider holds confirmed (the sandbox's own state, not the dashboard's word). */
export async function providerConfirmed(server: TestServer): Promise<Set<string>> {
  const state = (await control(server, "GET", "/state")).body as {
    documents: { documentid: string; confirmed: boolean }[];
  };
  return new Set(state.documents.filter((d) => d.confirmed).map((d) => d.documentid));
}

/**
 * Polls the inbox (at most 20 s) until no document is `pending` or `unknown`; resolves to how long that took, or to
 * those still open.
 */
export async function waitUntilSettled(session: Session, base: string): Promise<{ open: string[]; afterMs: number }> {
  const since = Date.now();
  let open: string[] = [];
  for (let i = 0; i < 80; i++) {
    const inbox = await api(session, base, "/api/inbox?limit=200");
    open = inbox.body.groups.flatMap((g: { documents: { documentid: string; state: string }[] }) =>
      g.documents.filter((d) => d.state === "pending" || d.state === "unknown").map((d) => d.documentid),
    );
    if (open.length === 0) return { open, afterMs: Date.now() - since };
    await new Promise((r) => setTimeout(r, 250));
  }
  return { open, afterMs: Number.POSITIVE_INFINITY };
}

/** Every document confirmed at the provider is `confirmed` in the delivery record, with archived bytes of its hash. */
export async function assertConfirmedAreRecorded(
  server: TestServer,
  connectionId: string,
  confirmedAtProvider: Set<string>,
): Promise<void> {
  const support = await makeUser(server, "support");
  const byId = new Map<string, { state: string; sha256: string | null }>();
  for (let offset = 0; ; offset += 500) {
    const page = await api(
      support.session,
      server.url,
      `/api/delivery/documents?connection=${connectionId}&state=confirmed&limit=500&offset=${offset}`,
    );
    for (const r of page.body.records) byId.set(r.documentid, r);
    if (page.body.records.length < 500) break;
  }
  for (const id of confirmedAtProvider) {
    const record = byId.get(id);
    assert.equal(record?.state, "confirmed", `${id} confirmed at the provider without a local record`);
    assert.match(record!.sha256 ?? "", /^[0-9a-f]{64}$/);
    const file = await fetch(`${server.url}/api/delivery/documents/${connectionId}/${id}/file`, {
      headers: { Cookie: support.session.cookie },
    });
    const sha256 = createHash("sha256")
      .update(Buffer.from(await file.arrayBuffer()))
      .digest("hex");
    assert.equal(sha256, record!.sha256, `${id}: the archived bytes are those the record names`);
  }
}
