import { readiness, readinessDetail } from "@/lib/ops/readiness";

/**
 * GET /api/ready (docs/api.md): 200 while this instance should get traffic, 503 with the reason
 * while starting, draining or when the database or the archive cannot be reached. No session; an
 * admin's session adds the checks that only warn (`detail`), which never change the status.
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const status = await readiness();
  const detail = await readinessDetail();
  return Response.json(
    { status, ...(detail && { detail }) },
    { status: status === "ready" ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
