// @ts-check
/**
 * The embedded database's thread (./pglite-remote.ts starts it): PGlite opened here, each statement of the server
 * thread run here and its rows posted back. Plain JavaScript checked by TypeScript (`@ts-check`), loaded from disk as
 * it is written (lib/process/app-file.ts): the bundler never sees it, and it resolves PGlite from the app's folder as
 * the server does. A transaction is held open here between `begin` and `end`; the other statements wait for it in
 * PGlite's own queue, as they would on one thread.
 */
import { parentPort } from "node:worker_threads";

/**
 * What the server thread asks (`id` names the answer); `options` as ./pglite-remote.ts `wireOptions` sends them.
 * @typedef {{ id: number; op: "open"; dir: string; settings: string[] }
 *   | { id: number; op: "query"; tx?: number; text: string; params?: unknown[]; options?: WireOptions }
 *   | { id: number; op: "exec"; tx?: number; text: string }
 *   | { id: number; op: "begin" }
 *   | { id: number; op: "end"; tx: number; commit: boolean }
 *   | { id: number; op: "close" }} ThreadAsk
 */
/** @typedef {{ rowMode?: "array" | "object"; raw?: number[] }} WireOptions */
/**
 * The answer: a result, a transaction's number, or an error with PostgreSQL's fields.
 * @typedef {{ id: number; error?: Record<string, unknown> & { message: string }; result?: unknown; tx?: number }} ThreadAnswer
 */
/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/**
 * A transaction held open: its handle, and how to end it (`endId`: the ask that ends it, answered when it has).
 * @typedef {{ tx: Transaction; resolve: () => void; reject: (reason: unknown) => void; endId?: number }} Held
 */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const FIELDS = ["code", "detail", "hint", "constraint", "table", "column", "schema", "severity", "position", "where"];
const ROLLBACK = Symbol("rollback");
/** @type {import("@electric-sql/pglite").PGlite} */
let db;
/** @type {Map<number, Held>} */
const txs = new Map();
let nextTx = 1;

/**
 * @param {number | undefined} id
 * @param {Omit<ThreadAnswer, "id">} body
 * @param {ArrayBuffer[]} [transfer]
 */
const post = (id, body, transfer) => port.postMessage({ id, ...body }, transfer);
/**
 * @param {number | undefined} id
 * @param {unknown} err
 */
function fail(id, err) {
  const e = /** @type {Record<string, unknown> | null | undefined} */ (err);
  /** @type {Record<string, unknown> & { message: string }} */
  const error = { message: String((e && e.message) || err) };
  for (const f of FIELDS) if (e && e[f] !== undefined) error[f] = e[f];
  post(id, { error });
}
/**
 * The options the server thread may send: a row mode, and the types to leave as PostgreSQL wrote them.
 * @param {WireOptions | undefined} o
 * @returns {import("@electric-sql/pglite").QueryOptions | undefined}
 */
function options(o) {
  if (!o) return undefined;
  /** @type {Record<number, (value: string) => string>} */
  const parsers = {};
  for (const t of o.raw || []) parsers[t] = (v) => v;
  return { rowMode: o.rowMode, parsers };
}
/**
 * Byte columns go back as transfers, not copies.
 * @param {unknown[]} rows
 */
function buffersOf(rows) {
  /** @type {Set<ArrayBuffer>} */
  const out = new Set();
  for (const row of rows)
    for (const v of Object.values(/** @type {object} */ (row)))
      if (v instanceof Uint8Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength)
        out.add(/** @type {ArrayBuffer} */ (v.buffer));
  return [...out];
}
/**
 * The extensions of ./pglite.ts pgliteExtensions: keep the two lists alike.
 * @param {{ dir: string; settings: string[] }} m
 */
async function open(m) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const startParams = [...PGlite.defaultStartParams, ...m.settings.flatMap((s) => ["-c", s])];
  db = await PGlite.create(m.dir, { extensions: { pg_trgm }, startParams });
}
/** @param {number | undefined} tx */
function target(tx) {
  if (!tx) return db;
  const held = txs.get(tx);
  if (!held) throw new Error("the transaction has ended");
  return held.tx;
}
/** @param {number} id */
function begin(id) {
  const tx = nextTx++;
  let started = false;
  db.transaction(
    (handle) =>
      new Promise((resolve, reject) => {
        started = true;
        txs.set(tx, { tx: handle, resolve: () => resolve(undefined), reject, endId: undefined });
        post(id, { tx });
      }),
  ).then(
    () => {
      const held = /** @type {Held} */ (txs.get(tx));
      txs.delete(tx);
      post(held.endId, {});
    },
    (err) => {
      const held = /** @type {Held} */ (txs.get(tx));
      txs.delete(tx);
      if (!started) return fail(id, err);
      if (err === ROLLBACK) post(held.endId, {});
      else fail(held.endId, err);
    },
  );
}
/** @param {ThreadAsk} m */
async function run(m) {
  switch (m.op) {
    case "open":
      await open(m);
      return post(m.id, {});
    case "query": {
      const r = await target(m.tx).query(m.text, m.params, options(m.options));
      const rows = r.rows;
      return post(m.id, { result: { rows, fields: r.fields, affectedRows: r.affectedRows } }, buffersOf(rows));
    }
    case "exec": {
      const results = await target(m.tx).exec(m.text);
      return post(m.id, {
        result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
      });
    }
    case "begin":
      return begin(m.id);
    case "end": {
      const held = txs.get(m.tx);
      if (!held) throw new Error("the transaction has ended");
      held.endId = m.id;
      return m.commit ? held.resolve() : held.reject(ROLLBACK);
    }
    case "close":
      await db.close();
      return post(m.id, {});
  }
}
port.on("message", (/** @type {ThreadAsk} */ m) => run(m).catch((err) => fail(m.id, err)));
