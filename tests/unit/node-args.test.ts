import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { SERVER_NODE_ARGS } from "../../lib/cli/node-args.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");

test("npm start passes the server's Node flags (lib/cli/node-args.mjs), which package.json cannot import", () => {
  const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<string, string>;
  assert.equal(scripts.start, `node ${SERVER_NODE_ARGS.join(" ")} lib/cli/serve.mjs`);
});
