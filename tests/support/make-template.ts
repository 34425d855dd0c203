/**
 * `node --import tsx tests/support/make-template.ts DIR`, run once by tests/run.mjs before the
 * HTTP and end-to-end tests: the embedded database as a server's first start leaves it (initdb and
 * every migration; no admin, no sandbox data), copied to DIR. Each test server with a fresh
 * DATA_DIR then starts from a copy of it (server.ts, TEST_EMBEDDED_TEMPLATE) and runs the same
 * start-up on it, which finds every migration applied. A start from an empty folder stays covered
 * here, by tests/unit/db.test.ts (the migrations) and by every test that names its own DATA_DIR.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import { startServer } from "./server";

const target = process.argv[2];
if (!target) throw new Error("usage: make-template.ts DIR");
const server = await startServer({ env: { DATABASE_URL: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" } });
// A clean shutdown first: the copy is of a database no process has open.
await server.terminate();
cpSync(path.join(server.dataDir, "pglite"), target, { recursive: true });
await server.stop();
