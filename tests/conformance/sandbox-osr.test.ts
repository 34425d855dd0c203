import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { admin, basic, call, CLIENT_A, CLIENT_B, putState, setFaults, testState, token } from "./support";

/** The sandbox's on-site-roles v2 service over HTTP (docs/sandbox.md, "On-site-roles v2"). */

const OSR_A = { ...CLIENT_A, services: ["uvi", "dta", "osr"] };
const A = basic(OSR_A.basic.username, OSR_A.basic.password);
const B = basic(CLIENT_B.basic.username, CLIENT_B.basic.password);
// Unit 55501003 is named by customer 100's documents (tests/conformance/support.ts).
const PATH = "/onsiteroles/v2/billingunits/55501/residentialunits/55501003/on-site-roles";
const pathOf = (billingunit: string, unit: string) =>
  `/onsiteroles/v2/billingunits/${billingunit}/residentialunits/${unit}/on-site-roles`;

/** A move with a month of vacancy between; the new resident's e-mail is a field the service does not keep. */
function dataSet(): Record<string, any> {
  return {
    billingunitMscnumber: "55501",
    billingunitPmnumber: "HV-7",
    residentialunitMscnumber: "55501003",
    residentialunitPmnumber: "HV-7-03",
    partners: [
      { partnerPmnumber: "P-1", name: "Albers", firstname: "Jana", commercial: false },
      { partnerPmnumber: "P-2", name: "Brandt", firstname: "Ole", commercial: false, email: "ole@example.de" },
    ],
    billingcontracts: [
      { validfrom: "2024-01-01", validto: "2025-06-30", vacancy: false, billingrecipient: { partnerPmnumber: "P-1" } },
      { validfrom: "2025-07-01", validto: "2025-07-31", vacancy: true, billingrecipient: { owner: true } },
      { validfrom: "2025-08-01", validto: null, vacancy: false, billingrecipient: { partnerPmnumber: "P-2" } },
    ],
    consumptioninformationcontracts: [
      { validfrom: "2024-01-01", validto: "2025-06-30", partnerPmnumber: "P-1" },
      { validfrom: "2025-08-01", validto: null, partnerPmnumber: "P-2" },
    ],
  };
}

const s = suiteServer({ sandbox: true });

const post = (body: unknown, auth = A, path = PATH, headers: Record<string, string> = {}) =>
  call(s.server, path, {
    method: "POST",
    auth,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** The answer's status, its version header, and its messages' shortmessages. */
async function refused(res: Response, status: number): Promise<string[]> {
  assert.equal(res.status, status);
  assert.equal(res.headers.get("x-api-version"), "2.0.2");
  const body = await res.json();
  for (const m of body.messages) {
    assert.equal(typeof m.message, "string");
    assert.ok(m.message.length > 0);
  }
  return body.messages.filter((m: { type: string }) => m.type === "error").map((m: any) => m.shortmessage);
}

describe("sandbox on-site-roles v2", () => {
  before(async () => {
    await putState(s.server, { ...testState(1), clients: [OSR_A, CLIENT_B] });
  });

  test("a full state is accepted with a transaction id, read back as kept, and shown as sent", async () => {
    assert.deepEqual(await refused(await call(s.server, PATH, { auth: A }), 404), ["NO_DATA"]);
    const res = await post(dataSet());
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-api-version"), "2.0.2");
    const { transactionid, messages } = await res.json();
    assert.match(transactionid, /^[0-9a-f-]{36}$/);
    assert.equal(messages, undefined, "no warnings");
    const back = await call(s.server, PATH, { auth: A });
    assert.equal(back.status, 200);
    assert.equal(back.headers.get("x-api-version"), "2.0.2");
    const kept = dataSet();
    delete kept.partners[1].email;
    assert.deepEqual(await back.json(), kept, "the e-mail is not kept");
    const view = await (await admin(s.server, "GET", "/onsiteroles")).json();
    assert.equal(view.units.length, 1);
    const [unit] = view.units;
    assert.deepEqual(
      { customer: unit.customer, billingunit: unit.billingunit, unit: unit.unit, transactionid: unit.transactionid },
      { customer: "100", billingunit: "55501", unit: "55501003", transactionid },
    );
    assert.ok(!Number.isNaN(Date.parse(unit.at)));
    assert.deepEqual(unit.state, dataSet(), "as sent, e-mail included");
    // The same set again: accepted again, under a new transaction id; by Bearer too.
    const again = await post(dataSet(), `Bearer ${await token(s.server)}`);
    assert.equal(again.status, 200);
    assert.notEqual((await again.json()).transactionid, transactionid);
  });

  test("each plausibility check refuses with its message, and nothing of a refused set is kept", async () => {
    const kept = await (await call(s.server, PATH, { auth: A })).json();
    const cases: [string, (d: Record<string, any>) => void][] = [
      ["PERIOD_REVERSED", (d) => (d.consumptioninformationcontracts[0].validto = "2023-12-31")],
      ["PERIOD_OVERLAP", (d) => (d.billingcontracts[1].validfrom = "2025-06-30")],
      ["UNKNOWN_PARTNER", (d) => (d.consumptioninformationcontracts[1].partnerPmnumber = "P-9")],
      ["UNKNOWN_PARTNER", (d) => (d.billingcontracts[0].billingrecipient.partnerPmnumber = "P-9")],
      ["VACANCY_WITH_CONSUMPTION_INFORMATION", (d) => (d.consumptioninformationcontracts[1].validfrom = "2025-07-15")],
      ["VACANCY_RECIPIENT_NOT_OWNER", (d) => (d.billingcontracts[1].billingrecipient = { partnerPmnumber: "P-1" })],
      ["BILLINGRECIPIENT_MISSING", (d) => (d.billingcontracts[2].billingrecipient = {})],
      ["BILLINGUNIT_MISMATCH", (d) => (d.billingunitMscnumber = "55502")],
      ["RESIDENTIALUNIT_MISMATCH", (d) => (d.residentialunitMscnumber = "55501004")],
      ["DUPLICATE_PARTNER", (d) => d.partners.push({ ...d.partners[0] })],
      ["TERMINATION_DATE_MISSING", (d) => (d.terminateallbillingcontracts = true)],
      ["TERMINATION_FLAG_MISSING", (d) => (d.terminateallconsumptioninformationcontractsat = "2026-01-31")],
      ["CONTRACT_AFTER_TERMINATION", (d) => Object.assign(d, terminated("2025-07-31"))],
      ["REQUIRED_FIELD_MISSING", (d) => delete d.partners[0].name],
      ["INVALID_FIELD", (d) => (d.billingcontracts[0].validfrom = "2025-02-30")],
      ["FIELD_TOO_LONG", (d) => (d.partners[0].name = "x".repeat(201))],
      ["TOO_MANY_ENTRIES", (d) => d.partners.push(...Array.from({ length: 100 }, (_, i) => partner(i)))],
    ];
    for (const [code, change] of cases) {
      const body = dataSet();
      change(body);
      assert.ok((await refused(await post(body), 400)).includes(code), code);
    }
    const mismatch = await (await post({ ...dataSet(), residentialunitMscnumber: "1" })).json();
    assert.match(mismatch.messages[0].message, /residentialunitMscnumber "1" differs/);
    assert.deepEqual(await refused(await post("{nope"), 400), ["INVALID_JSON"]);
    assert.deepEqual(await refused(await post([1]), 400), ["INVALID_FIELD"]);
    const xml = await post("<dataset/>", A, PATH, { "Content-Type": "application/xml" });
    assert.deepEqual(await refused(xml, 415), ["UNSUPPORTED_MEDIA_TYPE"]);
    const huge = { ...dataSet(), padding: "x".repeat(300 * 1024) };
    assert.deepEqual(await refused(await post(huge), 413), ["PAYLOAD_TOO_LARGE"]);
    assert.deepEqual(await (await call(s.server, PATH, { auth: A })).json(), kept, "the last accepted set stays");
  });

  test("a gap between billing contracts is a warning: accepted, with the message; the markers are kept", async () => {
    const body: Record<string, any> = { ...dataSet(), ...terminated("2026-03-31") };
    body.billingcontracts.splice(1, 1);
    const res = await post(body);
    assert.equal(res.status, 200);
    const answer = await res.json();
    assert.deepEqual(
      answer.messages.map((m: any) => [m.type, m.shortmessage]),
      [["warning", "GAP_BILLINGCONTRACTS"]],
    );
    const back = await (await call(s.server, PATH, { auth: A })).json();
    assert.equal(back.terminateallbillingcontractsat, "2026-03-31");
    assert.equal(back.billingcontracts.length, 2);
  });

  test("unknown units answer 404: not named by the customer's documents, or not in the state's units", async () => {
    const unknown = await call(s.server, pathOf("55501", "99999999"), { auth: A });
    assert.deepEqual(await refused(unknown, 404), ["UNKNOWN_UNIT"]);
    assert.deepEqual(await refused(await post(dataSet(), A, pathOf("55501", "99999999")), 404), ["UNKNOWN_UNIT"]);
    assert.deepEqual(await refused(await call(s.server, pathOf("55501", "a b"), { auth: A }), 404), ["UNKNOWN_UNIT"]);
    // A document names 55501 only as its billing unit: that is no residential unit.
    assert.deepEqual(await refused(await call(s.server, pathOf("55501", "55501"), { auth: A }), 404), ["UNKNOWN_UNIT"]);
    const other = await call(s.server, pathOf("1", "55501003"), { auth: A, headers: { kd: "200" } });
    assert.equal(other.status, 403, "kd of another client's customer");
    const units = [{ customer: "100", billingunit: "000123456", unit: "0001" }];
    await putState(s.server, { ...testState(1), clients: [OSR_A, CLIENT_B], units });
    assert.deepEqual((await (await admin(s.server, "GET", "/state")).json()).units, units);
    assert.deepEqual((await (await admin(s.server, "GET", "/onsiteroles")).json()).units, [], "a new state");
    assert.deepEqual(await refused(await call(s.server, PATH, { auth: A }), 404), ["UNKNOWN_UNIT"]);
    const listed = { ...dataSet(), billingunitMscnumber: "000123456", residentialunitMscnumber: "0001" };
    assert.equal((await post(listed, A, pathOf("000123456", "0001"))).status, 200);
    assert.equal((await post(listed, A, pathOf("000123457", "0001"))).status, 404, "only under its billing unit");
    await putState(s.server, { ...testState(1), clients: [OSR_A, CLIENT_B] });
  });

  test("authentication: none, wrong, forged and a client without osr", async () => {
    const none = await call(s.server, PATH);
    assert.deepEqual(await refused(none, 401), ["UNAUTHORIZED"]);
    assert.match(none.headers.get("www-authenticate") ?? "", /Basic .*Bearer/);
    assert.equal((await post(dataSet(), basic(OSR_A.basic.username, "wrong"))).status, 401);
    assert.equal((await post(dataSet(), "Bearer not-a-token")).status, 401);
    assert.deepEqual(await refused(await post(dataSet(), B), 403), ["FORBIDDEN"]);
    const wrongMethod = await call(s.server, PATH, { method: "PUT", auth: A });
    assert.deepEqual(await refused(wrongMethod, 405), ["METHOD_NOT_ALLOWED"]);
    assert.deepEqual(await refused(await call(s.server, "/onsiteroles/v2/billingunits", { auth: A }), 404), [
      "NOT_FOUND",
    ]);
  });

  test("fault rules apply to the service's paths, with a JSON body; applyThenFail keeps the set", async () => {
    const pattern = "/onsiteroles/v2/billingunits/*/residentialunits/*/on-site-roles";
    const body = '{"messages":[{"type":"error","message":"busy","shortmessage":"BUSY"}]}';
    await setFaults(s.server, [
      { method: "POST", path: pattern, status: 503, body, retryAfterSeconds: 2, times: 1 },
      { method: "POST", path: pattern, applyThenFail: 504, times: 1 },
    ]);
    const busy = await post(dataSet());
    assert.deepEqual(await refused(busy, 503), ["BUSY"]);
    assert.equal(busy.headers.get("content-type"), "application/json");
    assert.equal(busy.headers.get("retry-after"), "2");
    const lost = await post({ ...dataSet(), residentialunitPmnumber: "HV-7-03a" });
    assert.deepEqual(await refused(lost, 504), ["GATEWAY_TIMEOUT"]);
    const back = await (await call(s.server, PATH, { auth: A })).json();
    assert.equal(back.residentialunitPmnumber, "HV-7-03a", "accepted although the answer failed");
    assert.equal((await post(dataSet())).status, 200, "the rules ran out");
    assert.equal((await admin(s.server, "DELETE", "/faults")).status, 204);
  });

  test("the control API forgets the accepted states; the request log lists the service's requests", async () => {
    assert.equal((await post(dataSet())).status, 200);
    assert.equal((await admin(s.server, "GET", "/onsiteroles")).status, 200);
    assert.equal((await admin(s.server, "DELETE", "/onsiteroles")).status, 204);
    assert.deepEqual(await (await admin(s.server, "GET", "/onsiteroles")).json(), { units: [] });
    assert.deepEqual(await refused(await call(s.server, PATH, { auth: A }), 404), ["NO_DATA"]);
    assert.equal((await admin(s.server, "PUT", "/onsiteroles")).status, 405);
    assert.equal((await call(s.server, "/sandbox/api/onsiteroles")).status, 401);
    const log = await (await admin(s.server, "GET", "/requests")).json();
    const mine = log.filter((r: { path: string }) => r.path === PATH);
    assert.ok(mine.some((r: any) => r.method === "POST" && r.status === 200 && r.auth === "basic"));
    assert.ok(mine.some((r: any) => r.method === "POST" && r.status === 200 && r.auth === "bearer"));
    assert.ok(mine.some((r: any) => r.status === 401 && r.auth === "none"));
  });
});

function partner(i: number) {
  return { partnerPmnumber: `X-${i}`, name: `Name ${i}`, commercial: false };
}

function terminated(at: string) {
  return {
    terminateallbillingcontracts: true,
    terminateallbillingcontractsat: at,
    terminateallconsumptioninformationcontracts: true,
    terminateallconsumptioninformationcontractsat: at,
  };
}
