import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { setFaults } from "../../conformance/support";
import type { Person } from "../../support/connections";
import { control, liftHold, mustSync, putState, sandboxManager, untilHeld, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { freePort, testDatabaseUrl } from "../../support/server";
import { api } from "../../support/session";
import { instancesSuite } from "../../support/suite";

/**
 * A hand-off run cancelled on another instance than the one that runs it (migration 0034): the cancel is on the
 * run's row, read back by the running instance with the line it records next, so the run stops before the document
 * after that one. The documents not begun are neither mailed nor recorded (handoff-runs.test.ts: on one instance).
 */

const RESIDENTS = ["e.eins", "f.zwei", "g.drei", "h.vier"].map((n) => `${n}@example.de`);
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  ...RESIDENTS.map((email, i) => `820${i};Haus Eibe;Lage ${i};Bewohner ${i};${email};E-Mail;01.03.2026 Formular;`),
].join("\n");
const IDS = RESIDENTS.map((_, i) => `y-${i}`);

type RunDetail = {
  total: number;
  sent: number;
  cancelled: number;
  finishedAt: string | null;
  cancelRequested: boolean;
  ended: string | null;
  lines: { documentid: string; state: string }[];
};
type InboxDoc = { documentid: string; handoff: { state: string } | null };

const smtpPort = await freePort();

describe(
  "a hand-off run cancelled on another instance",
  { skip: testDatabaseUrl() ? false : "no PostgreSQL: TEST_DATABASE_URL is not set" },
  () => {
    const pair = instancesSuite({
      sandbox: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung <uvi@muster.example>",
      },
    });
    let manager: Person;
    let connectionId = "";

    before(async () => {
      const { one } = pair;
      await putState(
        one,
        IDS.map((id, i) => uvi(id, `820${i}`)),
      );
      ({ manager, connectionId } = await sandboxManager(one));
      await mustSync(manager.session, one.url, connectionId);
      const put = await api(manager.session, one.url, "/api/units", {
        method: "PUT",
        body: REGISTER,
        headers: { "content-type": "text/csv" },
      });
      assert.equal(put.status, 200, put.text);
    });

    test("stops after the line it records next: the rest are neither mailed nor recorded", async () => {
      const { one, two } = pair;
      const get = async <T>(base: string, path: string) => {
        const res = await api(manager.session, base, path);
        assert.equal(res.status, 200, res.text);
        return res.body as T;
      };
      await control(one, "DELETE", "/mail");
      // The first mail goes out; the second waits at the mailbox: the cancel comes while instance one sends it.
      await setFaults(one, [
        { smtp: "DATA", hold: "first", times: 1 },
        { smtp: "DATA", hold: "rest", times: IDS.length - 1 },
      ]);
      await liftHold(one, "first");
      const res = await fetch(`${one.url}/api/handoffs`, {
        method: "POST",
        headers: { Cookie: manager.session.cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ documents: IDS.map((documentid) => ({ connectionId, documentid })) }),
      });
      assert.equal(res.status, 200);
      const id = res.headers.get("Handoff-Run");
      assert.ok(id);
      const answer = res.text();
      let run = await get<RunDetail>(two.url, `/api/handoffs/runs/${id}`);
      for (let i = 0; i < 200 && run.lines.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = await get<RunDetail>(two.url, `/api/handoffs/runs/${id}`);
      }
      assert.equal(run.lines.length, 1, "the first document is handed off, the second under way");
      await untilHeld(one, "rest");
      const cancel = await api(manager.session, two.url, `/api/handoffs/runs/${id}`, { method: "DELETE" });
      assert.equal(cancel.status, 200, cancel.text);
      assert.equal((cancel.body as RunDetail).cancelRequested, true);
      await liftHold(one, "rest");

      await answer;
      await setFaults(one, []);
      run = await get<RunDetail>(two.url, `/api/handoffs/runs/${id}`);
      assert.equal(run.ended, "cancelled");
      assert.deepEqual(
        [run.lines.length, run.sent, run.cancelled],
        [2, 2, IDS.length - 2],
        "the second, under way when the cancel came, is recorded; it carries the cancel back",
      );
      const mails = await keptMail(one);
      assert.deepEqual(mails.map((m) => m.to[0]).sort(), RESIDENTS.slice(0, 2).sort());
      const inbox = await get<{ groups: { documents: InboxDoc[] }[] }>(one.url, "/api/inbox?limit=50");
      const docs = new Map(inbox.groups.flatMap((g) => g.documents).map((d) => [d.documentid, d]));
      assert.deepEqual(
        IDS.map((d) => docs.get(d)?.handoff?.state ?? null),
        ["sent", "sent", null, null],
      );
    });
  },
);
