/**
 * The embedded database's thread (./pglite-remote.ts starts it): PGlite opened here, each statement
 * of the server thread run here and its rows posted back. Plain JavaScript run by the worker
 * (`eval`): bundlers leave it alone, and it resolves PGlite from the app's folder as the server does.
 * A transaction is held open here between `begin` and `end`; the other statements wait for it in
 * PGlite's own queue, as they would on one thread.
 */
export const PGLITE_THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const FIELDS = ["code", "detail", "hint", "constraint", "table", "column", "schema", "severity", "position", "where"];
const ROLLBACK = Symbol("rollback");
let db;
const txs = new Map();
let nextTx = 1;

const post = (id, body, transfer) => parentPort.postMessage({ id, ...body }, transfer);
function fail(id, err) {
  const error = { message: String((err && err.message) || err) };
  for (const f of FIELDS) if (err && err[f] !== undefined) error[f] = err[f];
  post(id, { error });
}
/** The options the server thread may send: a row mode, and the types to leave as PostgreSQL wrote them. */
function options(o) {
  if (!o) return undefined;
  const parsers = {};
  for (const t of o.raw || []) parsers[t] = (v) => v;
  return { rowMode: o.rowMode, parsers };
}
/** Byte columns go back as transfers, not copies. */
function buffersOf(rows) {
  const out = new Set();
  for (const row of rows)
    for (const v of Object.values(row))
      if (v instanceof Uint8Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
  return [...out];
}
/** The extensions of ./pglite.ts pgliteExtensions: keep the two lists alike. */
async function open(m) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const startParams = [...PGlite.defaultStartParams, ...m.settings.flatMap((s) => ["-c", s])];
  db = await PGlite.create(m.dir, { extensions: { pg_trgm }, startParams });
}
function target(tx) {
  if (!tx) return db;
  const held = txs.get(tx);
  if (!held) throw new Error("the transaction has ended");
  return held.tx;
}
function begin(id) {
  const tx = nextTx++;
  let started = false;
  db.transaction((handle) => new Promise((resolve, reject) => {
    started = true;
    txs.set(tx, { tx: handle, resolve, reject, endId: undefined });
    post(id, { tx });
  })).then(
    () => { const held = txs.get(tx); txs.delete(tx); post(held.endId, {}); },
    (err) => {
      const held = txs.get(tx);
      txs.delete(tx);
      if (!started) return fail(id, err);
      if (err === ROLLBACK) post(held.endId, {});
      else fail(held.endId, err);
    },
  );
}
async function run(m) {
  switch (m.op) {
    case "open": await open(m); return post(m.id, {});
    case "query": {
      const r = await target(m.tx).query(m.text, m.params, options(m.options));
      const rows = r.rows;
      return post(m.id, { result: { rows, fields: r.fields, affectedRows: r.affectedRows } }, buffersOf(rows));
    }
    case "exec": {
      const results = await target(m.tx).exec(m.text);
      return post(m.id, { result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) });
    }
    case "begin": return begin(m.id);
    case "end": {
      const held = txs.get(m.tx);
      if (!held) throw new Error("the transaction has ended");
      held.endId = m.id;
      return m.commit ? held.resolve() : held.reject(ROLLBACK);
    }
    case "close": await db.close(); return post(m.id, {});
  }
}
parentPort.on("message", (m) => run(m).catch((err) => fail(m.id, err)));
`;
