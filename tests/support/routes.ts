/**
 * The dashboard's API routes as they are on disk: every `app/api/**\/route.ts` with the HTTP
 * methods it exports, its path as an OpenAPI template (`[id]` -> `{id}`). The next-auth handler,
 * the `[...path]` catch-all and `ops/backup` (`npm run backup`'s way into a running server with the
 * embedded database: loopback and a token from DATA_DIR only, a 404 to everyone else) are not part
 * of the documented API.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const API = path.join(ROOT, "app", "api");
const UNDOCUMENTED = new Set(["auth/[...nextauth]", "[...path]", "ops/backup"]);
const METHODS = "GET|POST|PUT|PATCH|DELETE";

export type RouteFile = { file: string; path: string; methods: string[]; source: string };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : [],
  );
}

/** Exported method names: `export const GET`, `export (async) function GET`, `export { x as GET }`. */
export function exportedMethods(source: string): string[] {
  const direct = [
    ...source.matchAll(new RegExp(`export\\s+(?:const|let|(?:async\\s+)?function)\\s+(${METHODS})\\b`, "g")),
  ].map((m) => m[1]!);
  const listed = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    [...m[1]!.matchAll(new RegExp(`(?:\\bas\\s+)?\\b(${METHODS})\\b\\s*(?:,|$)`, "g"))].map((x) => x[1]!),
  );
  return [...new Set([...direct, ...listed])].sort();
}

export function apiRoutes(): RouteFile[] {
  return walk(API)
    .map((file) => ({ file, rel: path.relative(API, path.dirname(file)).split(path.sep).join("/") }))
    .filter(({ rel }) => !UNDOCUMENTED.has(rel))
    .map(({ file, rel }) => {
      const segments = rel.split("/").map((s) => s.replace(/^\[(\w+)\]$/, "{$1}"));
      if (segments.some((s) => s.includes("[")))
        throw new Error(`unexpected dynamic segment in ${rel}: extend tests/support/routes.ts`);
      const source = readFileSync(file, "utf8");
      return { file, path: `/api/${segments.join("/")}`, methods: exportedMethods(source), source };
    });
}

/** `METHOD /path` for every exported method of every documented route file. */
export function routeOperations(): string[] {
  return apiRoutes()
    .flatMap((r) => r.methods.map((m) => `${m} ${r.path}`))
    .sort();
}
