/**
 * GET /api/health (docs/api.md): the process serves. No session, no check of anything else, so
 * a liveness probe never restarts the app for a database's or a provider's trouble.
 */
// Answered by the running process on every request, never prerendered at build time.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
