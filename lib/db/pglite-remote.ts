import "server-only";
import { Worker } from "node:worker_threads";
import { appFile } from "@/lib/process/app-file";
import type { ThreadAnswer, ThreadAsk } from "./pglite-thread.mjs";

/**
 * The embedded database on its own thread (docs/architecture.md, "The embedded database's thread"):
 * the server thread sends statements and receives rows; no statement runs on it. It answers what
 * drizzle's PGlite driver, the migrations, the backup and the test hooks ask of a PGlite: `query`,
 * `exec`, `transaction` and `close`. Should the thread die, nothing can be written any more: the
 * process ends (`onCrash`), and what was committed is on disk.
 */

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Answer = ThreadAnswer;
/** One of the thread's asks, before it is given its number. */
type Ask = ThreadAsk extends infer A ? (A extends ThreadAsk ? Omit<A, "id"> : never) : never;

/** A statement runner: the database outside a transaction, or one transaction's handle. */
export type RemoteQueries = {
  query: <T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ) => Promise<Results & { rows: T[] }>;
  exec: (text: string) => Promise<Results[]>;
};
export type RemoteTransaction = RemoteQueries & { rollback: () => Promise<void> };

/** A database error as the thread reported it, with PostgreSQL's fields (`code`, `constraint`, …). */
function errorOf(raw: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(raw.message), raw);
}

/**
 * drizzle gives each query the types to leave as text (dates, intervals), as parser functions, which
 * cannot cross threads: the types go, and the thread makes the same parsers there.
 */
const wireOptions = (o?: QueryOptions) => o && { rowMode: o.rowMode, raw: Object.keys(o.parsers ?? {}).map(Number) };

class RollbackRequested extends Error {}

export class RemotePglite implements RemoteQueries {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  #next = 1;
  #closed = false;

  private constructor(onCrash: (err: Error) => void) {
    this.#worker = new Worker(appFile("lib", "db", "pglite-thread.mjs"), { name: "pglite" });
    this.#worker.on("message", (a: Answer) => {
      const waiting = this.#waiting.get(a.id);
      this.#waiting.delete(a.id);
      if (a.error) waiting?.reject(errorOf(a.error));
      else waiting?.resolve(a);
    });
    const died = (err: Error) => {
      if (this.#closed) return;
      this.#closed = true;
      for (const w of this.#waiting.values()) w.reject(err);
      this.#waiting.clear();
      onCrash(err);
    };
    this.#worker.on("error", died);
    this.#worker.on("exit", (code) => died(new Error(`the embedded database's thread exited with ${code}`)));
  }

  /**
   * Opens the data directory `dir` on a new thread, with PostgreSQL `settings` (`name=value`);
   * `onCrash` is told if the thread dies later. A thread that cannot open it is ended.
   */
  static async create(dir: string, settings: string[], onCrash: (err: Error) => void): Promise<RemotePglite> {
    const remote = new RemotePglite(onCrash);
    try {
      await remote.#ask({ op: "open", dir, settings });
    } catch (err) {
      remote.#closed = true;
      await remote.#worker.terminate();
      throw err;
    }
    return remote;
  }

  #ask(ask: Ask): Promise<Answer> {
    if (this.#closed) return Promise.reject(new Error("the embedded database is closed"));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...ask, id });
    });
  }

  #queries(tx?: number): RemoteQueries {
    return {
      query: async <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        (await this.#ask({ op: "query", tx, text, params, options: wireOptions(options) })).result as Results & {
          rows: T[];
        },
      exec: async (text: string) => (await this.#ask({ op: "exec", tx, text })).result as Results[],
    };
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions) {
    return this.#queries().query<T>(text, params, options);
  }

  exec(text: string) {
    return this.#queries().exec(text);
  }

  /** `fn`'s statements in one transaction on the thread: committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    // The thread answers a `begin` with the transaction's number, always.
    const tx = (await this.#ask({ op: "begin" })).tx as number;
    const handle: RemoteTransaction = {
      ...this.#queries(tx),
      rollback: () => Promise.reject(new RollbackRequested("rolled back")),
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (err) {
      await this.#ask({ op: "end", tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.#ask({ op: "end", tx, commit: true });
    return result;
  }

  /** Ends the thread as a fault would, without closing anything: only the test channel asks (lib/ops/test-hooks.ts). */
  async crashForTest(): Promise<void> {
    await this.#worker.terminate();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#ask({ op: "close" });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
