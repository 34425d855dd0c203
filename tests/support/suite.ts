/**
 * The one place a test file starts its servers: each helper starts what it names before the
 * enclosing block's tests and stops it after them, so no file writes its own start and stop.
 * Tests within a block share its server; a test that needs a fresh one starts it itself.
 */
import { after, before } from "node:test";
import { startAltProvider, type AltProvider } from "./alt-provider";
import type { Person } from "./connections";
import { mustSync, putState, sandboxManager } from "./delivery";
import { ADMIN, startServer, type TestServer } from "./server";
import { mustSignIn, type Session } from "./session";

export type Suite = { server: TestServer; admin: Session };
type StartOptions = NonNullable<Parameters<typeof startServer>[0]>;
/**
 * Start options, or a function giving them once the hooks registered before have run (an alt provider's origin, say).
 */
type Options = StartOptions | (() => StartOptions | Promise<StartOptions>);

const resolve = async (options: Options | undefined) =>
  typeof options === "function" ? await options() : (options ?? {});

/**
 * Starts a server (with `options`) before the enclosing block's tests and signs its admin in;
 * stops it after them. The fields are set once the `before` hook has run.
 */
export function suiteServer(options?: Options): Suite {
  const suite = {} as Suite;
  before(async () => {
    suite.server = await startServer(await resolve(options));
    suite.admin = await mustSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  });
  after(() => suite.server?.stop());
  return suite;
}

export type SandboxSuite = { server: TestServer; manager: Person; connectionId: string };

/**
 * Starts a server with the sandbox holding `documents` before the enclosing block's tests, with a
 * manager's UVI connection to it (synced once when `synced`); stops it after them.
 */
export function sandboxSuite(
  documents: unknown[],
  options: { env?: Record<string, string>; synced?: boolean } = {},
): SandboxSuite {
  const suite = {} as SandboxSuite;
  before(async () => {
    suite.server = await startServer({ sandbox: true, env: options.env });
    await putState(suite.server, documents);
    Object.assign(suite, await sandboxManager(suite.server));
    if (options.synced) await mustSync(suite.manager.session, suite.server.url, suite.connectionId);
  });
  after(() => suite.server?.stop());
  return suite;
}

/**
 * Starts a second provider (tests/support/alt-provider.ts) before the enclosing block's tests; closes it after them.
 */
export function altProviderSuite(): { alt: AltProvider } {
  const suite = {} as { alt: AltProvider };
  before(async () => {
    suite.alt = await startAltProvider();
  });
  after(() => suite.alt?.close());
  return suite;
}

export type InstancesSuite = { one: TestServer; two: TestServer };

/** What a second instance does not share with the first: its own address, data folder and mailbox port. */
const OWN = new Set(["PORT", "DATA_DIR", "SANDBOX_SMTP_PORT"]);

/**
 * Two instances of the app on one PostgreSQL database (TEST_DATABASE_URL) before the enclosing
 * block's tests: the first with `options`, then `prepare(one)` (which may change `one.env` and
 * restart it), then the second with the first's configuration and secrets; with the sandbox, the
 * second reaches the first's sandbox as its provider. Both stop after the block's tests.
 */
export function instancesSuite(options: Options, prepare?: (one: TestServer) => Promise<void>): InstancesSuite {
  const suite = {} as InstancesSuite;
  before(async () => {
    const first = await resolve(options);
    suite.one = await startServer({ ...first, database: "postgres" });
    await prepare?.(suite.one);
    const shared = Object.fromEntries(Object.entries(suite.one.env).filter(([k]) => !OWN.has(k)));
    if (first.sandbox)
      shared.PROVIDER_URL_ALLOWLIST = [shared.PROVIDER_URL_ALLOWLIST, suite.one.url].filter(Boolean).join(",");
    suite.two = await startServer({ sandbox: first.sandbox, env: shared });
  });
  after(async () => {
    await suite.two?.stop();
    await suite.one?.stop();
  });
  return suite;
}
