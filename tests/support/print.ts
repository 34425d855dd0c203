/**
 * Helpers of the portal's and the print's HTTP tests (tests/integration/handoffs/handoffs-portal.test.ts,
 * handoffs-print.test.ts): the server both start, with Haus Linde's register and documents, and the
 * print's own (POST /api/handoffs/print).
 */
import assert from "node:assert/strict";
import { before } from "node:test";
import { PDFDocument } from "pdf-lib";
import { ndjson, uvi } from "./delivery";
import { keptMail } from "./mail";
import { ADMIN, freePort } from "./server";
import { api, mustSignIn, type Session } from "./session";
import { sandboxSuite } from "./suite";
import { until } from "./until";

/**
 * MAX_PRINT_PAGES of lib/handoffs/print/worker.ts: a test cannot import server-only code, so the
 * 422's message is asserted to name this same number.
 */
export const MAX_PRINT_PAGES = 5000;

/** A PDF of `pages` empty pages as base64, for the sandbox state: a few bytes a page, however many. */
export async function emptyPagesBase64(pages: number): Promise<string> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([100, 100]);
  return Buffer.from(await pdf.save()).toString("base64");
}

/** The pages of a PDF answer. */
export const pageCount = async (pdf: ArrayBuffer) =>
  (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();

/**
 * The print as the month page asks for it: a POST with a JSON body (`senderAddress` for the first print, when none is
 * stored); `origin` sends that Origin header.
 */
export function postPrint(
  session: Session,
  body: { property: string; month: string; senderAddress?: string },
  init: { origin?: string; signal?: AbortSignal } = {},
) {
  return fetch(`${session.base}/api/handoffs/print`, {
    method: "POST",
    headers: {
      Cookie: session.cookie,
      "content-type": "application/json",
      ...(init.origin && { Origin: init.origin }),
    },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

/** Milliseconds of each `GET /api/health` asked one after another while `busy()` holds, at most `max`. */
export async function healthTimes(base: string, busy: () => boolean, max = 5): Promise<number[]> {
  const times: number[] = [];
  while (busy() && times.length < max) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    times.push(Math.round(performance.now() - started));
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

/** A month `delta` months from now in the display time zone (`YYYY-MM`): residents registered now see this month on. */
function month(delta: number): string {
  const [y, m] = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" })
    .format(new Date())
    .split("-")
    .map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}
// Berta's (post) documents of later months: one large print within the bound, one over it, one to leave.
export const [PREV, CUR, NEXT, BIG, OVER, LEFT] = [-1, 0, 1, 2, 3, 4].map(month) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const [big, over] = [await emptyPagesBase64(MAX_PRINT_PAGES - 10), await emptyPagesBase64(MAX_PRINT_PAGES + 1)];
const pages = (id: string, ym: string, base64: string) => uvi(id, "8003", ym, { content: { base64 } });

export const PETRA = { name: "Petra Portal", email: "petra.portal@example.de" };
/** A property whose name has ß and umlauts, its post resident's name in "Nachname, Vorname" order (issue #34). */
export const SCHLOSS = { property: "Schloßstraße Süd", name: "Weiß, Jörg", street: "Schloßstraße 7" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  `8001;Haus Linde;EG links;${PETRA.name};${PETRA.email};Portal;01.03.2026 Formular;`,
  "8002;Haus Linde;1. OG;Paul Ohnemail;;Portal;02.03.2026 Formular;Lindenweg 3, 10115 Berlin",
  "8003;Haus Linde;2. OG;Berta Brief;;Post;;Lindenweg 3, 10115 Berlin",
  `8004;${SCHLOSS.property};EG;${SCHLOSS.name};;Post;;${SCHLOSS.street}, 04109 Leipzig`,
].join("\n");

export const LINK = /(https?:\/\/[^\s/]+\/r\/[A-Za-z0-9_-]{43})/;
// Addresses are told apart by X-Forwarded-For as one trusted proxy (TRUSTED_PROXIES=1) appends it.
const from = (ip: string) => ({ "X-Forwarded-For": ip });
const smtpPort = await freePort();

/**
 * A sandbox server for the portal and print tests: Haus Linde's three residents registered (Petra on
 * the portal with e-mail, Paul on the portal without, Berta by post), their documents synced and
 * confirmed, mail to the sandbox's mailbox; with the helpers the tests ask it through.
 */
export function portalAndPrintSuite() {
  const s = sandboxSuite(
    [
      ...[
        uvi("p-1", "8001", CUR),
        uvi("p-2", "8001", PREV),
        uvi("p-3", "8002", CUR),
        uvi("p-4", "8003", CUR),
        uvi("p-5", "8001", NEXT),
        uvi("p-6", "8003", PREV),
        uvi("p-7", "8004", CUR),
      ],
      ...[pages("p-big", BIG, big), pages("p-over", OVER, over), pages("p-left", LEFT, big)],
    ],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
        TRUSTED_PROXIES: "1",
      },
    },
  );
  const doc = (documentid: string) => ({ connectionId: s.connectionId, documentid });
  const handOff = (ids: string[], again?: boolean) =>
    ndjson(s.manager.session, s.server.url, "/api/handoffs", {
      documents: ids.map(doc),
      ...(again !== undefined && { again }),
    });
  const open = (url: string, ip: string) =>
    fetch(url.replace(/^https?:\/\/[^/]+/, s.server.url), { headers: from(ip), redirect: "manual" });
  let admin: Session;
  const unitIds = new Map<string, string>();
  const recordOf = async (documentid: string) => {
    const res = await api(admin, s.server.url, `/api/delivery/documents/${s.connectionId}/${documentid}`);
    return res.body as { sha256: string; events: { kind: string; actor: string; detail: Record<string, unknown> }[] };
  };
  const handoffOf = async (documentid: string) => {
    const list = await api(s.manager.session, s.server.url, "/api/handoffs?limit=100");
    return (
      list.body as { items: { documentid: string; state: string; attempts: number; channel: string }[] }
    ).items.find((i) => i.documentid === documentid);
  };
  /** The hand-off's state once `ok` holds for it (asked every 20 ms, for up to 10 s). */
  const stateWhen = async (id: string, ok: (state?: string) => boolean) => {
    const read = () => handoffOf(id);
    return (await until(read, (found) => ok(found?.state), { everyMs: 20, tries: 500 }))?.state;
  };
  const mailedLink = async () => {
    const mails = await keptMail(s.server);
    return LINK.exec(mails.at(-1)?.text ?? "")?.[1];
  };

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    const units = await api(s.manager.session, s.server.url, "/api/units");
    for (const u of (units.body as { units: { id: string; mscnumber: string }[] }).units)
      unitIds.set(u.mscnumber, u.id);
    for (const id of ["p-1", "p-2", "p-3", "p-4", "p-5", "p-6", "p-7", "p-big", "p-over", "p-left"]) {
      const res = await api(
        s.manager.session,
        s.server.url,
        `/api/connections/${s.connectionId}/documents/${id}/status`,
        { method: "PUT", json: {} },
      );
      assert.equal(res.status, 200, res.text);
    }
  });

  return { s, handOff, open, unitIds, recordOf, handoffOf, stateWhen, mailedLink };
}
