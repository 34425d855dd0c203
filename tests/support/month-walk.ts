import assert from "node:assert/strict";
import { openPoints } from "@/components/month-round/round-words";
import type { HandoffMonth } from "@/lib/views/handoff-month/month";
import type { MonthRound } from "@/lib/views/month-round/round";
import type { RoundDocuments } from "@/lib/views/month-round/round-documents";
import { ndjson } from "./delivery";
import { api, type Session } from "./session";

/**
 * The month page's round for every property of the demo's register, over HTTP as the page makes its calls: confirm the
 * month's open documents, assign the document of the flat whose resident changed to the one who lived there first,
 * hand on by e-mail and portal, print the letters (the first print gives the sender's address) and confirm them as
 * posted; then confirm the two documents of the units the register leaves out, found through the inbox as the page's
 * line of unregistered documents leads there. At the end the page counts no open point for any property, its line of
 * unregistered documents counts none open, and the providers list no document of the month.
 */
export async function walkTheMonth(session: Session, base: string, month: string, leftOut: string[]) {
  const get = async <T>(path: string) => {
    const res = await api(session, base, path);
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    return res.body as T;
  };
  const confirmAll = async (docs: { connectionId: string; documentid: string }[]) => {
    for (const connectionId of new Set(docs.map((d) => d.connectionId))) {
      const documentids = docs.filter((d) => d.connectionId === connectionId).map((d) => d.documentid);
      const run = await ndjson(session, base, `/api/connections/${connectionId}/confirmations`, { documentids });
      assert.equal(run.status, 200, run.text);
      assert.deepEqual(run.lines.at(-1), {
        done: true,
        confirmed: documentids.length,
        failed: 0,
        unknown: 0,
        pending: 0,
        cancelled: 0,
      });
    }
  };
  const before = await get<MonthRound>(`/api/month?month=${month}`);
  assert.equal(before.properties.length, 4);
  assert.deepEqual(
    before.unregistered.map((l) => [l.documents, l.units, l.open]),
    [[2, 2, 2]],
    "the two left-out units' documents, on a line of their own",
  );
  for (const { property } of before.properties) {
    const q = new URLSearchParams({ property, month }).toString();
    const docs = async () => (await get<RoundDocuments>(`/api/month/documents?${q}`)).documents;
    await confirmAll((await docs()).filter((d) => d.confirmable));
    // A change of resident in the month: the manager decides who receives it.
    const view = await get<HandoffMonth>(`/api/handoffs/month?${q}`);
    for (const e of view.rows.flatMap((r) => r.entries).filter((e) => e.status === "change")) {
      const first = e.tenancies!.find((t) => !t.vacancy)!;
      const put = await api(session, base, "/api/handoffs/assignments", {
        method: "PUT",
        json: { connectionId: e.document!.connectionId, documentid: e.document!.documentid, tenancyId: first.id },
      });
      assert.equal(put.status, 200, put.text);
    }
    const handsOn = (await docs()).filter((d) => d.confirmed && d.handsOn);
    assert.ok(handsOn.length > 0, `${property}: residents by e-mail or portal`);
    const run = await ndjson(session, base, "/api/handoffs", {
      documents: handsOn.map((d) => ({ connectionId: d.connectionId, documentid: d.documentid })),
      scope: `month:${month}`,
    });
    assert.deepEqual(
      run.lines.at(-1),
      { done: true, sent: handsOn.length, failed: 0, skipped: 0, cancelled: 0 },
      run.text,
    );
    const print = await fetch(`${base}/api/handoffs/print`, {
      method: "POST",
      headers: { Cookie: session.cookie, "content-type": "application/json" },
      body: JSON.stringify({ property, month, senderAddress: "Musterweg 1, 20095 Hamburg" }),
    });
    assert.equal(print.status, 200, await print.clone().text());
    assert.equal(print.headers.get("content-type"), "application/pdf");
    await print.arrayBuffer();
    const posted = await api(session, base, "/api/handoffs/posted", { method: "POST", json: { property, month } });
    assert.equal(posted.status, 200, posted.text);
    assert.ok((posted.body as { posted: number }).posted > 0, `${property}: letters posted`);
  }
  // The line of unregistered documents leads to the inbox, where they are confirmed.
  type Group = {
    unit: string | null;
    register: unknown;
    documents: { connectionId: string; documentid: string; state: string }[];
  };
  const inbox = await get<{ groups: Group[] }>(
    `/api/inbox?${new URLSearchParams({ connection: before.unregistered[0]!.connectionId, month, limit: "200" }).toString()}`,
  );
  // "Nicht zugeordnet": the groups of units the register does not know.
  const notInRegister = inbox.groups.filter((g) => g.unit !== null && g.register === null);
  assert.deepEqual(notInRegister.map((g) => g.unit).sort(), leftOut.sort());
  const outside = notInRegister.flatMap((g) => g.documents);
  assert.equal(outside.length, 2);
  await confirmAll(outside);

  const after = await get<MonthRound>(`/api/month?month=${month}`);
  for (const row of after.properties)
    assert.equal(openPoints(row, month), 0, `${row.property}: ${JSON.stringify(row)}`);
  assert.deepEqual(
    after.unregistered.map((l) => l.open),
    [0],
  );
  const connections = await get<{ id: string; service: string }[]>("/api/connections");
  for (const c of connections.filter((c) => c.service === "uvi")) {
    const open = await get<{ documents: { metadata?: { from?: string | null }[] }[] }>(
      `/api/connections/${c.id}/documents?limit=1000`,
    );
    assert.equal(
      open.documents.filter((d) => (d.metadata ?? []).some((m) => m.from?.startsWith(month))).length,
      0,
      "no document of the month is left in the provider's list",
    );
  }
}
