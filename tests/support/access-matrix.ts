/**
 * The access matrix's rows and how one is judged (tests/integration/teams/team-access.test.ts): each row is one
 * route of apiRoutes() with the request it makes and what each principal of ./team-access.ts must get.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { api, type Session } from "./session";
import { markersOf, MONTH, WHO, type Fixtures, type Principals, type Who } from "./team-access";

export type Req = { path: string; method?: string; json?: unknown; csv?: string; form?: () => FormData };
export type Answer = Awaited<ReturnType<typeof api>>;

/**
 * - `ok`: the route works: one of the row's `ok` statuses (200 unless told);
 * - `sees`: works, and the answer names each of the row's `marks`;
 * - `hidden`: 200 (the caller's own, empty of A), and no value of team A (or of the row's `hide`) in the answer;
 * - `missing`: answered exactly as the same request naming nothing that exists (`ghostOf`): the status
 *   (`404` unless the row's `missingStatus`) and the body, its ids aside;
 * - a status, or a check of its own.
 */
export type Expect =
  | "ok"
  | "sees"
  | "hidden"
  | "missing"
  | 401
  | 403
  | ((res: Answer, fx: Fixtures, as: Principals) => void | Promise<void>);

/** Which part of the API a route is: the matrix classifies every route, and the test fails for one it does not. */
export type Kind = "team" | "own" | "support" | "admin" | "public";

export type Row = {
  op: string;
  kind: Kind;
  req: (fx: Fixtures, who: Who) => Req;
  expect: Partial<Record<Who, Expect>>;
  ok?: number[];
  marks?: (fx: Fixtures) => string[];
  hide?: (fx: Fixtures) => string[];
  missingStatus?: number;
  /** Why the row expects what it does, where the plain reading of the table would not say. */
  note?: string;
};

/** Team A's data by id: a member works on it, everyone outside A gets what a missing id gets; support is no connection role. */
export const TEAM = { member: "ok", other: "missing", removed: "missing", admin: "missing", support: 403 } as const;
/** A list or view of the caller's own team: a member sees A's, anyone outside A an answer without it. */
export const LIST = { member: "sees", other: "hidden", removed: "hidden", admin: "hidden", support: 403 } as const;
/** Support's read views over every team (support and admin). */
export const SUPPORT = { member: 403, other: 403, removed: 403, support: "sees", admin: "sees" } as const;
export const ADMIN_ONLY = { member: 403, other: 403, removed: 403, support: 403, admin: "ok" } as const;

export function ask(who: Session | null, fx: Fixtures, req: Req): Promise<Answer> {
  const init: Parameters<typeof api>[3] = { method: req.method ?? "GET" };
  if (req.json !== undefined) init.json = req.json;
  if (req.csv !== undefined) Object.assign(init, { body: req.csv, headers: { "content-type": "text/csv" } });
  if (req.form) init.body = req.form();
  return api(who, fx.url, req.path, init);
}

/** The answer with every id and name of `fx` and of its ghost written as its key, so the two compare. */
function normalised(text: string, fx: Fixtures, ghost: Fixtures): string {
  let out = text;
  for (const f of [fx, ghost])
    for (const [k, v] of Object.entries(f)) if (typeof v === "string" && k !== "url") out = out.split(v).join(`<${k}>`);
  return out;
}

const describeRes = (row: Row, who: Who, res: Answer) => `${row.op} as ${who}: ${res.status} ${res.text.slice(0, 300)}`;

/** Asks the row's request as `who` and asserts the expected answer. */
export async function judge(row: Row, who: Who, as: Principals, fx: Fixtures, ghost: Fixtures): Promise<void> {
  const expected = who === "disabled" ? 401 : row.expect[who];
  if (expected === undefined) return;
  const res = await ask(as[who], fx, row.req(fx, who));
  const what = describeRes(row, who, res);
  if (typeof expected === "function") return expected(res, fx, as);
  if (typeof expected === "number") return assert.equal(res.status, expected, what);
  if (expected === "ok" || expected === "sees") {
    assert.ok((row.ok ?? [200]).includes(res.status), what);
    if (expected === "sees") for (const m of row.marks?.(fx) ?? []) assert.ok(res.text.includes(m), `${what}: ${m}`);
    return;
  }
  if (expected === "hidden") {
    assert.equal(res.status, 200, what);
    for (const m of row.hide?.(fx) ?? [...markersOf(fx), ...(row.marks?.(fx) ?? [])])
      assert.ok(!res.text.includes(m), `${what}: names ${m}`);
    return;
  }
  const missing = await ask(as[who], ghost, row.req(ghost, who));
  assert.equal(res.status, row.missingStatus ?? 404, what);
  assert.equal(res.status, missing.status, `${what}: a missing one answers ${missing.status}`);
  assert.equal(normalised(res.text, fx, ghost), normalised(missing.text, fx, ghost), `${what}: not as a missing one`);
}

/** Every principal of the row, in the order of WHO (those outside first, the member and the owner last). */
export async function judgeRow(row: Row, as: Principals, fx: Fixtures, ghost: Fixtures): Promise<void> {
  if (row.kind === "public") {
    const res = await ask(null, fx, row.req(fx, "owner"));
    const expected = row.ok ?? [200];
    assert.ok(expected.includes(res.status), describeRes(row, "owner", res));
    return;
  }
  for (const who of WHO) await judge(row, who, as, fx, ghost);
}

// The rows' requests.
export const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
export const conn = (fx: Fixtures, rest = "") => `/api/connections/${fx.conn}${rest}`;
export const doc = (fx: Fixtures, rest = "") => conn(fx, `/documents/${fx.doc}${rest}`);
export const month = (fx: Fixtures) => q({ property: fx.property, month: MONTH });
/** The proof of a register not one's own names it by a connection of its team (docs/api.md, "Whose register"). */
export const proofOf = (fx: Fixtures, who: Who) =>
  who === "member" ? month(fx) : `${month(fx)}&connection=${fx.conn}`;
export const insiders = (who: Who) => who === "member" || who === "owner";
export const outboxForm = () => {
  const form = new FormData();
  form.append("file", new Blob([randomBytes(64)], { type: "application/zip" }), "matrix.zip");
  return form;
};
/** Anyone may read and change what is their own. */
export const OWN = { member: "ok", other: "ok", removed: "ok", support: "ok", admin: "ok" } as const;
/**
 * A run belongs to the team (issue #46, migration 0046; docs/api.md, "Runs"): any member lists, reads and cancels it,
 * whoever started it; anyone outside the team gets 404 as for a missing one.
 */
export const RUN = {
  owner: "ok",
  member: "ok",
  other: "missing",
  removed: "missing",
  admin: "missing",
  support: 403,
} as const;
/** The row's write goes to the caller's own team: a member's to A's, anyone else's to their own: A's `field` at `path` stays `value`. */
export function writeOwn(path: string, field: string, value: string): Partial<Record<Who, Expect>> {
  const outside = async (res: Answer, fx: Fixtures, as: Principals) => {
    assert.equal(res.status, 200, res.text);
    for (const m of markersOf(fx)) assert.ok(!res.text.includes(m), `${path}: names ${m}`);
    const a = await api(as.owner, fx.url, path);
    assert.equal(a.body[field], value, `${path}: A's ${field} changed by a write from outside A`);
  };
  return { support: 403, member: "ok", other: outside, removed: outside, admin: outside };
}
