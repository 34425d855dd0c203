#!/usr/bin/env node
// npm on this project's machines reaches a registry that lacks some other platforms' optional
// binaries (e.g. @next/swc-darwin-arm64 at the pinned version). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lock as "out of sync" (npm/cli#9846). This adds an
// entry for each such optional package, marked optional, so `npm ci` skips it on this platform.
// Run after every `npm install` that changes package-lock.json.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const file = path.join(root, "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [where, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    // Resolution as node does it: next to the dependent first, then at the top.
    const nested = `${where ? `${where}/` : ""}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    if (!/^\d+\.\d+\.\d+([-+].*)?$/.test(spec)) continue;
    packages[top] = { version: spec, optional: true, ...(pkg.dev ? { dev: true } : {}) };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
