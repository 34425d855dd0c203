import "../support/unit-env";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { API_VERSION, buildOpenApiDocument, OPERATIONS } from "@/lib/openapi/openapi";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import * as connectionSchemas from "@/lib/connections/schemas";
import * as recordSchemas from "@/lib/delivery/support/schemas";
import * as deliverySchemas from "@/lib/delivery/schemas";
import * as inboxSchemas from "@/lib/views/inbox/schemas";
import * as completenessSchemas from "@/lib/views/completeness/schemas";
import * as outboxSchemas from "@/lib/outbox/schemas";
import * as userSchemas from "@/lib/users/schemas";
import * as unitSchemas from "@/lib/register/schemas";
import * as handoffSchemas from "@/lib/handoffs/schemas";
import * as handoffMonthSchemas from "@/lib/views/handoff-month/query";
import * as monthRoundSchemas from "@/lib/views/month-round/round-query";
import * as proofSchemas from "@/lib/views/proof/query";
import * as handoffTextSchemas from "@/lib/handoffs/texts/template";
import * as portalSchemas from "@/lib/handoffs/portal/schemas";
import * as tenancySchemas from "@/lib/register/tenancies/schemas";
import * as reportSchemas from "@/lib/onsite-roles/schemas";
import * as runSchemas from "@/lib/runs/schemas";
import * as teamSchemas from "@/lib/teams/schemas";
import * as responsibilitySchemas from "@/lib/responsibility/schemas";
import * as releaseSchemas from "@/lib/releases/schemas";
import { apiRoutes, ROOT } from "../support/routes";

/** The registry of lib/openapi/openapi.ts against the route files: same schemas, same roles. */

const SCHEMAS = new Map<string, unknown>(
  Object.entries({
    ...connectionSchemas,
    ...recordSchemas,
    ...deliverySchemas,
    ...inboxSchemas,
    ...completenessSchemas,
    ...outboxSchemas,
    ...userSchemas,
    ...unitSchemas,
    ...handoffSchemas,
    ...handoffMonthSchemas,
    ...monthRoundSchemas,
    ...proofSchemas,
    ...handoffTextSchemas,
    ...portalSchemas,
    ...tenancySchemas,
    ...reportSchemas,
    ...runSchemas,
    ...teamSchemas,
    ...responsibilitySchemas,
    ...releaseSchemas,
  }),
);

/** The source of one exported method: from its `export` to the next one. */
function methodSource(source: string, method: string): string {
  const start = source.search(new RegExp(`export\\s+(?:const|async function|function)\\s+${method}\\b`));
  if (start < 0) return source;
  const rest = source.slice(start + 1);
  const next = rest.search(/\nexport\s/);
  return next < 0 ? source.slice(start) : source.slice(start, start + 1 + next);
}

function accessOf(code: string): unknown {
  if (/withConnection\(/.test(code)) return CONNECTION_ROLES;
  if (/withSupport\(/.test(code)) return SUPPORT_ROLES;
  const role = /withRole\(\s*(CONNECTION_ROLES|\[[^\]]*\])/.exec(code);
  if (role) return role[1] === "CONNECTION_ROLES" ? CONNECTION_ROLES : JSON.parse(role[1]!);
  if (/withUser\(/.test(code)) return "signed-in";
  return "public";
}

describe("the OpenAPI registry", () => {
  const routes = apiRoutes();
  const find = (method: string, p: string) => OPERATIONS.find((o) => o.method === method && o.path === p);

  test("each route method has one entry with the route's query and body schemas and roles", () => {
    for (const route of routes) {
      for (const method of route.methods) {
        const op = find(method, route.path);
        assert.ok(op, `${method} ${route.path} is not in lib/openapi/openapi.ts`);
        const code = methodSource(route.source, method);
        for (const key of ["query", "body"] as const) {
          const name = new RegExp(`\\b${key}:\\s*(\\w+)`).exec(code)?.[1];
          const expected = name ? SCHEMAS.get(name) : undefined;
          if (name) assert.ok(expected, `${name} (${method} ${route.path}) is not exported by a schema module`);
          assert.equal(op[key], expected, `${key} of ${method} ${route.path}`);
        }
        assert.deepEqual(op.access, accessOf(code), `roles of ${method} ${route.path}`);
      }
    }
    assert.equal(
      OPERATIONS.length,
      routes.reduce((n, r) => n + r.methods.length, 0),
      "entries without a route",
    );
  });

  test("the document builds, names every path parameter and refers only to defined schemas", () => {
    const doc = buildOpenApiDocument();
    assert.equal(doc.openapi, "3.1.0");
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    assert.equal(API_VERSION, pkg.version);
    const text = JSON.stringify(doc);
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g))
      assert.ok(ref! in doc.components.schemas, ref);
    assert.ok(!text.includes('"$schema"'));
    for (const [p, ops] of Object.entries(doc.paths)) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops) as {
        parameters: { name: string; in: string; description?: string }[];
        responses: object;
      }[]) {
        assert.deepEqual(
          op.parameters.filter((x) => x.in === "path").map((x) => x.name),
          names,
          p,
        );
        assert.ok(
          op.parameters.filter((x) => x.in === "path").every((x) => x.description),
          `path parameters of ${p} described`,
        );
        assert.ok(
          Object.keys(op.responses).some((s) => s.startsWith("2")),
          `${p} has a success answer`,
        );
      }
    }
  });

  test("query schemas become parameters with their types, bodies stay strict", () => {
    const doc = buildOpenApiDocument();
    const list = doc.paths["/api/connections/{id}/documents"]!.get as {
      parameters: { name: string; required: boolean; schema: { type?: string; default?: number } }[];
    };
    const limit = list.parameters.find((p) => p.name === "limit");
    assert.deepEqual([limit?.schema.type, limit?.schema.default, limit?.required], ["integer", 100, false]);
    const completeness = doc.paths["/api/delivery/completeness"]!.get as {
      parameters: { name: string; required: boolean }[];
    };
    assert.deepEqual(
      completeness.parameters.filter((p) => p.required).map((p) => p.name),
      ["from", "to"],
    );
    const create = doc.paths["/api/users"]!.post as {
      requestBody: {
        content: { "application/json": { schema: { additionalProperties?: boolean; required?: string[] } } };
      };
    };
    const body = create.requestBody.content["application/json"].schema;
    assert.equal(body.additionalProperties, false);
    assert.deepEqual(body.required, ["email", "name", "role", "password"]);
  });
});
