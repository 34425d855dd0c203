/** The test server of one `describe` block, so that its tests do not each write the same start and stop. */
import { after, before } from "node:test";
import type { Person } from "./connections";
import { mustSync, putState, sandboxManager } from "./delivery";
import { ADMIN, startServer, type TestServer } from "./server";
import { mustSignIn, type Session } from "./session";

export type Suite = { server: TestServer; admin: Session };

/**
 * Starts a server (with `options`) before the enclosing block's tests and signs its admin in;
 * stops it after them. The fields are set once the `before` hook has run.
 */
export function suiteServer(options?: Parameters<typeof startServer>[0]): Suite {
  const suite = {} as Suite;
  before(async () => {
    suite.server = await startServer(options);
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
export function sandboxSuite(documents: unknown[], options: { env?: Record<string, string>; synced?: boolean } = {}): SandboxSuite {
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
