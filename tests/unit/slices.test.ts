/**
 * A feature's slice (docs/architecture.md, "Slices", issue #45): its client.ts, list.ts and messages.ts reach the
 * browser, so the lint rule of eslint.config.mjs lets them, and the shared infrastructure of lib/client and lib/lists,
 * import by value only what is client-safe too. Tried on planted imports, as rooms.test.ts tries the rooms' rules.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { ESLint } from "eslint";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const RULE = "@typescript-eslint/no-restricted-imports";

async function refusals(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const uses = "\nexport const used = [x];\n";

test("a slice's client-safe files refuse server imports by value", async () => {
  const refused = async (filePath: string, code: string) => {
    const messages = await refusals(filePath, code);
    assert.equal(messages.length, 1, `${filePath}: ${code}`);
    assert.match(messages[0]!, /reach the browser/);
  };
  await refused("lib/outbox/client.ts", `import "server-only";\n`);
  await refused("lib/outbox/client.ts", `import { x } from "@/lib/db/client";${uses}`);
  await refused("lib/views/inbox/list.ts", `import { x } from "@/lib/env";${uses}`);
  await refused("lib/users/messages.ts", `import { x } from "node:fs";${uses}`);
  await refused("lib/connections/client.ts", `import { x } from "@/lib/connections/connections";${uses}`);
  await refused("lib/delivery/support/list.ts", `import { x } from "./records";${uses}`);
  await refused("lib/views/completeness/client.ts", `export { x } from "@/lib/delivery/sync";\n`);
  await refused("lib/client/planted.ts", `import { x } from "@/lib/outbox/items";${uses}`);
  await refused("lib/lists/planted.ts", `import { x } from "drizzle-orm";${uses}`);
});

test("a slice's client-safe files take types from anywhere, and values from client-safe files", async () => {
  const open = async (filePath: string, code: string) => assert.deepEqual(await refusals(filePath, code), [], code);
  await open("lib/outbox/client.ts", `import type { x } from "@/lib/outbox/items";${uses}`);
  await open("lib/outbox/client.ts", `import { type x } from "@/lib/db/client";${uses}`);
  await open("lib/outbox/client.ts", `export type { x } from "@/lib/outbox/view";\n`);
  await open("lib/outbox/client.ts", `import { x } from "@/lib/client/fetch-json";${uses}`);
  await open("lib/outbox/client.ts", `import { x } from "@tanstack/react-query";${uses}`);
  await open("lib/outbox/client.ts", `import { x } from "./list";${uses}`);
  await open("lib/views/completeness/client.ts", `import { x } from "@/lib/delivery/support/client";${uses}`);
  await open("lib/views/inbox/list.ts", `import { x } from "@/lib/lists/params";${uses}`);
  await open("lib/users/messages.ts", `import { x } from "zod";${uses}`);
  await open("lib/client/planted.ts", `import { x } from "./fetch-json";${uses}`);
  // Server files that only share the name are not slices.
  await open("lib/provider/client.ts", `import "server-only";\nimport { x } from "./http";${uses}`);
  await open("lib/db/client.ts", `import "server-only";\nimport { x } from "@/lib/env";${uses}`);
});
