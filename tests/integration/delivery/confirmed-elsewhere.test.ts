import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { mustSync, putState, SANDBOX_BASIC, uvi } from "../../support/delivery";
import type { Session } from "../../support/session";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Two users' connections reach the same provider account (the same sandbox client and user name):
 * a document confirmed through one leaves the other's list as "confirmed through another
 * connection", not as gone, and support's record names the connection and the user that confirmed
 * it. A document that leaves the list unconfirmed is still gone.
 */

describe("a document confirmed through another connection to the same account", () => {
  // The suite's manager (connection A) and a second manager (connection B) with the same sign-in.
  const s = sandboxSuite([uvi("twin-1", "7601"), uvi("twin-2", "7602"), uvi("twin-3", "7603")], { synced: true });
  let b: Person;
  let connB = "";
  let support: Person;
  before(async () => {
    b = await makeUser(s.server, "manager");
    support = await makeUser(s.server, "support");
    ({ id: connB } = await addConnection(s.server, b.session, {
      name: "Zweitzugang",
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      auth: SANDBOX_BASIC,
    }));
    await mustSync(b.session, s.server.url, connB);
  });

  const statesOf = async (who: Session) => {
    const inbox = await api(who, s.server.url, "/api/inbox?limit=100");
    assert.equal(inbox.status, 200, JSON.stringify(inbox.body));
    const out: Record<string, string> = {};
    for (const g of inbox.body.groups as { documents: { documentid: string; state: string }[] }[])
      for (const d of g.documents) out[d.documentid] = d.state;
    return out;
  };

  test("shows 'elsewhere' on the other copy, and support's record says which connection and user confirmed it", async () => {
    const put = await api(
      s.manager.session,
      s.server.url,
      `/api/connections/${s.connectionId}/documents/twin-1/status`,
      { method: "PUT" },
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    // twin-3 leaves the provider's list without anyone confirming it (twin-1 stays confirmed there).
    await putState(s.server, [uvi("twin-1", "7601", "2026-10", { confirmed: true }), uvi("twin-2", "7602")]);

    const done = await mustSync(b.session, s.server.url, connB);
    assert.equal(done.gone, 1, "only the unconfirmed one is gone");
    assert.deepEqual(await statesOf(b.session), { "twin-1": "elsewhere", "twin-2": "open", "twin-3": "gone" });
    assert.equal((await statesOf(s.manager.session))["twin-1"], "confirmed");

    const record = await api(support.session, s.server.url, `/api/delivery/documents/${connB}/twin-1`);
    assert.equal(record.status, 200, JSON.stringify(record.body));
    assert.equal(record.body.state, "elsewhere");
    assert.deepEqual(record.body.confirmedVia, { connectionId: s.connectionId, connectionName: "Test" });
    assert.equal(record.body.confirmedBy, s.manager.email);
    assert.match(String(record.body.confirmedAt), /^\d{4}-\d\d-\d\dT/);
    const gone = await api(support.session, s.server.url, `/api/delivery/documents/${connB}/twin-3`);
    assert.equal(gone.body.state, "gone");
    assert.equal(gone.body.confirmedVia, undefined);
  });

  test("the §6a month view says 'notArchived' only for the document confirmed elsewhere, 'notConfirmed' for the open one", async () => {
    // B's register names both units; B's connection never fetched either document.
    const register = [
      "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung",
      "7601;Haus Zwilling;EG;Erna Eins;erna@example.de;E-Mail;01.03.2026 Formular",
      "7602;Haus Zwilling;1. OG;Zora Zwei;zora@example.de;E-Mail;01.03.2026 Formular",
    ].join("\n");
    const put = await api(b.session, s.server.url, "/api/units", {
      method: "PUT",
      body: register,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    const view = await api(
      b.session,
      s.server.url,
      `/api/handoffs/month?${new URLSearchParams({ property: "Haus Zwilling", month: "2026-10" }).toString()}`,
    );
    assert.equal(view.status, 200, view.text);
    const status = Object.fromEntries(
      (view.body.rows as { entries: { document: { documentid: string } | null; status: string }[] }[])
        .flatMap((r) => r.entries)
        .map((e) => [e.document?.documentid, e.status]),
    );
    assert.deepEqual(status, { "twin-1": "notArchived", "twin-2": "notConfirmed" });
  });
});
