import { readiness } from "@/lib/ops/readiness";

/**
 * GET /api/ready (docs/api.md): 200 while this instance should get traffic, 503 with the reason
 * while starting, draining or when the database or the archive cannot be reached. No session.
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const status = await readiness();
  return Response.json(
    { status },
    { status: status === "ready" ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
