import { buildOpenApiDocument } from "@/lib/openapi/openapi";

/**
 * The OpenAPI 3.1 document of the JSON API (docs/api.md). Public: it describes routes and input
 * rules, nothing secret. Built once per process from the routes' own zod schemas.
 */
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export function GET(): Response {
  document ??= buildOpenApiDocument();
  return Response.json(document, { headers: { "cache-control": "public, max-age=300" } });
}
