/**
 * Imported first by unit tests that load lib/ modules: a quiet log and a throw-away configuration,
 * so lib/env.ts generates nothing into the working tree.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// The message catalogue, installed as the server installs it at start (lib/startup.ts).
import "../../lib/catalogue";

process.env.LOG_LEVEL = "silent";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "arge-unit-"));
process.env.AUTH_SECRET = randomBytes(32).toString("base64url");
process.env.ENCRYPTION_KEYS = `u1:${randomBytes(32).toString("base64")}`;
