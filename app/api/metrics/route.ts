import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/responses";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { requestLocale } from "@/lib/i18n/server";
import { isMetricsToken, metricsRegistry } from "@/lib/process/metrics";

/**
 * Prometheus metrics of this instance (docs/api.md), for a scraper holding METRICS_TOKEN rather
 * than a session. Without a configured token the route does not exist: the API's JSON 404.
 */
export const dynamic = "force-dynamic";

export async function GET(req: NextRequest): Promise<Response> {
  const token = env().metricsToken;
  if (!token) return errorResponse(notFound("api.unknownPath"), await requestLocale());
  if (!isMetricsToken(req.headers.get("authorization"), token)) {
    const refused = new AppError(401, "unauthorized", "error.unauthorized", {
      headers: { "www-authenticate": 'Bearer realm="metrics"' },
    });
    return errorResponse(refused, await requestLocale());
  }
  const registry = metricsRegistry();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
