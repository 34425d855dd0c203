/**
 * The rooms of issue #33 that a machine can check: the dashboard and the sandbox apart, and the feature rooms (delivery,
 * the register, hand-offs, on-site-roles reports, issue #45) apart (the lint rules of eslint.config.mjs, tried on
 * planted imports), and
 * docs/architecture.md as the one true
 * layout map (every folder under lib/ and components/ named there, every folder it names there).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ESLint } from "eslint";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

async function restricted(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

test("the dashboard does not import the sandbox, and the sandbox imports nothing of the dashboard but the shared ground", async () => {
  const uses = "\nexport const used = [x];\n";
  assert.equal(
    (await restricted("lib/delivery/planted.ts", `import { x } from "@/lib/sandbox/uvi";${uses}`)).length,
    1,
  );
  assert.equal(
    (await restricted("components/documents/planted.tsx", `import { x } from "../../lib/sandbox/state";${uses}`))
      .length,
    1,
  );
  assert.equal(
    (await restricted("app/api/planted/route.ts", `import { x } from "@/lib/sandbox/mailbox/store";${uses}`)).length,
    1,
  );
  assert.equal((await restricted("lib/delivery/planted.ts", `import { x } from "../sandbox/state";${uses}`)).length, 1);
  assert.equal(
    (await restricted("lib/sandbox/planted.ts", `import { x } from "@/lib/auth/session";${uses}`)).length,
    1,
  );
  assert.equal(
    (await restricted("lib/sandbox/planted.ts", `import { x } from "@/lib/delivery/confirm/one";${uses}`)).length,
    1,
  );
  // The named ways across stay open: the sandbox's own routes, and its shared ground.
  assert.deepEqual(await restricted("app/arge/planted/route.ts", `import { x } from "@/lib/sandbox/uvi";${uses}`), []);
  assert.deepEqual(await restricted("lib/sandbox/planted.ts", `import { x } from "@/lib/db/client";${uses}`), []);
  assert.deepEqual(await restricted("lib/sandbox/planted.ts", `import { x } from "./state";${uses}`), []);
  assert.deepEqual(await restricted("lib/delivery/planted.ts", `import { x } from "./sync";${uses}`), []);
});

test("the feature rooms keep apart, by either form; the register is their floor, what joins them stands above", async () => {
  const uses = "\nexport const used = [x];\n";
  const refused = async (filePath: string, code: string, room: string, other: string) => {
    const messages = await restricted(filePath, code);
    assert.equal(messages.length, 1, `${filePath}: ${code}`);
    assert.match(messages[0]!, new RegExp(`lib/${room} does not import lib/${other}:`));
  };
  // delivery imports none of the register, the hand-offs or the reports.
  await refused(
    "lib/delivery/planted.ts",
    `import { x } from "@/lib/onsite-roles/linked";${uses}`,
    "delivery",
    "onsite-roles",
  );
  await refused(
    "lib/delivery/confirm/planted.ts",
    `import { x } from "../../handoffs/many";${uses}`,
    "delivery",
    "handoffs",
  );
  await refused(
    "lib/delivery/support/planted.ts",
    `import { x } from "../../../lib/register/stored";${uses}`,
    "delivery",
    "register",
  );
  // The register, the floor, imports none of them either.
  await refused("lib/register/planted.ts", `import { x } from "../delivery/sync";${uses}`, "register", "delivery");
  await refused(
    "lib/register/tenancies/planted.ts",
    `import { x } from "@/lib/handoffs/targets";${uses}`,
    "register",
    "handoffs",
  );
  await refused(
    "lib/register/planted.ts",
    `import { x } from "@/lib/onsite-roles/enqueue";${uses}`,
    "register",
    "onsite-roles",
  );
  await refused(
    "lib/register/tenancies/planted.ts",
    `export { x } from "../../onsite-roles/message-codes";\n`,
    "register",
    "onsite-roles",
  );
  // The hand-offs and the reports import neither each other nor delivery.
  await refused(
    "lib/handoffs/planted.ts",
    `import { x } from "@/lib/delivery/confirm/one";${uses}`,
    "handoffs",
    "delivery",
  );
  await refused("lib/handoffs/planted.ts", `export { x } from "@/lib/delivery/documents";\n`, "handoffs", "delivery");
  await refused(
    "lib/handoffs/print/planted.ts",
    `import { x } from "../../onsite-roles/wake";${uses}`,
    "handoffs",
    "onsite-roles",
  );
  await refused(
    "lib/onsite-roles/planted.ts",
    `import { x } from "@/lib/handoffs/many";${uses}`,
    "onsite-roles",
    "handoffs",
  );
  await refused(
    "lib/onsite-roles/planted.ts",
    `import { x } from "../delivery/sync";${uses}`,
    "onsite-roles",
    "delivery",
  );
  // The sandbox stays apart in every room's own rule.
  for (const room of ["delivery", "register", "handoffs", "onsite-roles"])
    assert.equal(
      (await restricted(`lib/${room}/planted.ts`, `import { x } from "@/lib/sandbox/uvi";${uses}`)).length,
      1,
    );
  assert.equal((await restricted("lib/delivery/planted.ts", `import { x } from "../sandbox/state";${uses}`)).length, 1);
  // Above all, on the floor, and within one: open.
  assert.deepEqual(
    await restricted(
      "lib/views/planted.ts",
      `import { x } from "@/lib/delivery/sync";\nimport { y } from "@/lib/onsite-roles/linked";\nimport { z } from "@/lib/handoffs/many";\nexport const used = [x, y, z];\n`,
    ),
    [],
  );
  assert.deepEqual(await restricted("lib/delivery/planted.ts", `import { x } from "@/lib/archive/ensure";${uses}`), []);
  assert.deepEqual(
    await restricted("lib/handoffs/planted.ts", `import { x } from "@/lib/register/tenancies/store";${uses}`),
    [],
  );
  assert.deepEqual(
    await restricted("lib/onsite-roles/planted.ts", `import { x } from "../register/stored";${uses}`),
    [],
  );
  assert.deepEqual(
    await restricted("lib/handoffs/portal/planted.ts", `import { x } from "../print/letters";${uses}`),
    [],
  );
  assert.deepEqual(await restricted("lib/register/planted.ts", `import { x } from "./tenancies/lock";${uses}`), []);
  assert.deepEqual(await restricted("lib/register/planted.ts", `import { x } from "@/lib/events";${uses}`), []);
});

/**
 * The folders the layout block of docs/architecture.md names: its first column (up to a gap of two spaces), indented
 * two spaces a level.
 */
function namedFolders(): Set<string> {
  const doc = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const block = /## Layout\n\n```\n([\s\S]*?)\n```/.exec(doc)?.[1];
  assert.ok(block, "docs/architecture.md has a Layout block");
  const named = new Set<string>();
  const parents: string[] = [];
  for (const line of block.split("\n")) {
    const indent = line.length - line.trimStart().length;
    // A description's next line starts in the second column.
    if (!line.trim() || indent >= 30) continue;
    const depth = indent / 2;
    parents.length = depth;
    const folders = line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(" ")
      .filter((n) => n.endsWith("/"));
    for (const folder of folders) named.add([...parents, folder.slice(0, -1)].join("/"));
    if (folders.length === 1) parents[depth] = folders[0]!.slice(0, -1);
  }
  return named;
}

function foldersUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir))
    .filter((name) => statSync(path.join(ROOT, dir, name)).isDirectory())
    .flatMap((name) => [`${dir}/${name}`, ...foldersUnder(`${dir}/${name}`)]);
}

test("docs/architecture.md names every folder of lib/ and components/, and every folder it names exists", () => {
  const named = namedFolders();
  const existing = [...foldersUnder("lib"), ...foldersUnder("components")];
  assert.deepEqual(
    existing.filter((f) => !named.has(f)),
    [],
    "folders the layout map does not name",
  );
  assert.deepEqual(
    [...named].filter((f) => /^(lib|components)\//.test(f) && !existing.includes(f)),
    [],
    "folders the layout map names that are not there",
  );
});
