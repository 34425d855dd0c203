/**
 * A principal in every query (issue #45; docs/architecture.md, "Who asks"): no exported function of lib/ takes a
 * bare user id, only the principal of lib/auth/principal.ts; a string or an object literal in its place does not
 * type-check (the `@ts-expect-error` lines below, checked by `tsc --noEmit`); and only the route wrapper, the pages'
 * helper and the jobs' maker make one.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ESLint } from "eslint";
import ts from "typescript";
import type { Db } from "@/lib/db/client";
import { principalOf } from "@/lib/auth/principal";
import { systemPrincipalFor } from "@/lib/auth/system-principal";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** The exported functions that may still take a user id, each with its reason. */
const MAY_TAKE_A_USER_ID: Record<string, string> = {
  "lib/auth/principal.ts makePrincipal": "the one maker of a principal",
  "lib/auth/known-addresses.ts rememberAddress": "the sign-in, before any session or principal exists",
  "lib/users/users.ts setUserLocale": "the account's own setting (users.ts manages accounts, not a user's data)",
  "lib/onsite-roles/linked.ts reportLinkedUnits":
    "the sync's event names the connection; the sender acts for its owner through ownerPrincipal",
  "lib/connections/ownership.ts transferConnection":
    "the id names the connection's new owner, checked against its team; the principal (an admin) is who acts",
};

const ID_NAMES = new Set(["userId", "ownerId"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "sandbox" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

const isString = (t: ts.TypeNode | undefined) => t?.kind === ts.SyntaxKind.StringKeyword;

/** Whether a parameter is a user id: `userId: string`, or an object type with such a member (`{ userId }`). */
function takesUserId(p: ts.ParameterDeclaration): boolean {
  if (ts.isIdentifier(p.name) && ID_NAMES.has(p.name.text) && isString(p.type)) return true;
  const type = p.type;
  if (!type) return false;
  const literals = ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type) ? type.types : [type];
  return literals.some(
    (t) =>
      ts.isTypeLiteralNode(t) &&
      t.members.some(
        (m) => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && ID_NAMES.has(m.name.text) && isString(m.type),
      ),
  );
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** `file name` of every exported function (declaration or arrow) with a user-id parameter. */
function functionsTakingUserIds(file: string): string[] {
  const rel = path.relative(ROOT, file).split(path.sep).join("/");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const node of source.statements) {
    if (!isExported(node)) continue;
    if (ts.isFunctionDeclaration(node) && node.name && node.parameters.some(takesUserId))
      found.push(`${rel} ${node.name.text}`);
    if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations) {
        const init = d.initializer;
        if (
          ts.isIdentifier(d.name) &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) &&
          init.parameters.some(takesUserId)
        )
          found.push(`${rel} ${d.name.text}`);
      }
  }
  return found;
}

test("no exported function of lib/ takes a bare user id, except the allowed ones with their reasons", () => {
  const found = sourceFiles(path.join(ROOT, "lib")).flatMap(functionsTakingUserIds);
  const unexpected = found.filter((f) => !(f in MAY_TAKE_A_USER_ID));
  assert.deepEqual(unexpected, [], "take `p: Principal` (lib/auth/principal.ts) instead");
  // An allowance that no longer matches anything is stale.
  assert.deepEqual(
    Object.keys(MAY_TAKE_A_USER_ID).filter((k) => !found.includes(k)),
    [],
  );
});

test("the scan sees a user id where one is planted", () => {
  const planted = path.join(ROOT, "lib/planted-for-the-scan.ts");
  const source = ts.createSourceFile(
    planted,
    "export async function readThings(db: Db, userId: string) {}\nexport const listThings = (db: Db, { userId }: { userId: string }) => db;\nexport function own(p: Principal) {}",
    ts.ScriptTarget.Latest,
    true,
  );
  const names = source.statements.flatMap((node) => {
    if (ts.isFunctionDeclaration(node) && node.parameters.some(takesUserId)) return [node.name?.text];
    if (ts.isVariableStatement(node))
      return node.declarationList.declarations.flatMap((d) =>
        d.initializer && ts.isArrowFunction(d.initializer) && d.initializer.parameters.some(takesUserId)
          ? [(d.name as ts.Identifier).text]
          : [],
      );
    return [];
  });
  assert.deepEqual(names, ["readThings", "listThings"]);
});

test("only the route wrapper, the pages' helper and the jobs' maker make a principal", () => {
  const files = ["app", "components", "lib"].flatMap((d) => sourceFiles(path.join(ROOT, d)));
  const using = (pattern: RegExp) =>
    files
      .filter((f) => pattern.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f).split(path.sep).join("/"))
      .sort();
  assert.deepEqual(using(/\bmakePrincipal\b/), ["lib/auth/principal.ts", "lib/auth/system-principal.ts"]);
  assert.deepEqual(using(/\bprincipalOf\(/), ["lib/api/handler.ts", "lib/auth/pages.ts", "lib/auth/principal.ts"]);
  assert.deepEqual(
    using(/lib\/auth\/system-principal"/).filter((f) => !f.startsWith("lib/")),
    [],
    "app/ and components/ take the session's principal",
  );
});

test("a route or a component that imports the jobs' maker fails the lint (eslint.config.mjs)", async () => {
  const eslint = new ESLint({ cwd: ROOT });
  const code =
    'import { systemPrincipalFor } from "@/lib/auth/system-principal";\nexport const used = [systemPrincipalFor];\n';
  for (const file of ["app/api/planted/route.ts", "components/documents/planted.tsx", "lib/delivery/planted.ts"]) {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    const refused = (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").length;
    assert.equal(refused, file.startsWith("lib/") ? 0 : 1, file);
  }
});

test("a principal carries the user and role, and cannot be changed", () => {
  const p = principalOf({ id: "u1", email: "a@example.com", name: "A", role: "manager", teamId: "t1", locale: null });
  assert.deepEqual({ ...p }, { userId: "u1", role: "manager", teamId: "t1", email: "a@example.com", name: "A" });
  assert.ok(Object.isFrozen(p));
  assert.equal(systemPrincipalFor({ id: "u2", role: "admin", teamId: "t2" }).teamId, "t2");
});

/** Never called: `tsc --noEmit` checks that a string or a plain object in a principal's place is an error. */
export function typeChecksOnly(
  db: Db,
  listConnections: typeof import("@/lib/connections/connections").listConnections,
  readInbox: typeof import("@/lib/views/inbox/inbox").readInbox,
  input: Parameters<typeof import("@/lib/views/inbox/inbox").readInbox>[2],
) {
  // @ts-expect-error a bare user id is not a principal
  void listConnections(db, "00000000-0000-4000-8000-000000000000");
  // @ts-expect-error an object literal with the same fields is not one either: only the makers make it
  void listConnections(db, { userId: "u1", role: "manager", teamId: "t1", email: "", name: "" });
  // @ts-expect-error nor is the old `{ userId }` scope
  void readInbox(db, { userId: "u1" }, input);
  void listConnections(db, systemPrincipalFor({ id: "u1", role: "manager", teamId: "t1" }));
}
