import { z } from "zod";
import { json, type ApiOperation } from "./operation";

/**
 * The operator's routes (docs/api.md, "`GET /api/health` and `GET /api/ready`", "`GET /api/metrics`"): no session; the
 * metrics take a bearer token of their own.
 */

export const HealthAnswer = z.object({ status: z.literal("ok") });
export const ReadyAnswer = z.object({ status: z.enum(["ready", "starting", "draining", "unavailable"]) });

export const OPS_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/health",
    tag: "meta",
    summary: "Liveness: the process serves",
    access: "public",
    description:
      "Checks nothing else, so a liveness probe never restarts the app for the database's trouble. `Cache-Control: no-store`.",
    answers: [{ status: 200, description: "serving", content: json(HealthAnswer) }],
  },
  {
    method: "GET",
    path: "/api/ready",
    tag: "meta",
    summary: "Readiness: this instance should get traffic",
    access: "public",
    description:
      "Ready once start-up (migrations included) is done, while the database answers with every migration applied and the archive can be written, each checked within 2 s. The answer names the state only. `Cache-Control: no-store`.",
    answers: [
      { status: 200, description: "`ready`", content: json(ReadyAnswer) },
      {
        status: 503,
        description:
          "`starting` (start-up under way), `draining` (after SIGTERM), `unavailable` (the database or the archive cannot be reached)",
        content: json(ReadyAnswer),
      },
    ],
  },
  {
    method: "GET",
    path: "/api/metrics",
    tag: "meta",
    summary: "Prometheus metrics of this instance",
    access: "public",
    bearer: "metricsToken",
    description:
      "`Authorization: Bearer METRICS_TOKEN`, no session. Each instance answers for itself. Labels never carry a user, an e-mail address, a document id, a connection or a secret.",
    answers: [
      { status: 200, description: "the Prometheus text format (version 0.0.4)", content: { type: "text/plain" } },
    ],
    errors: { 401: "`unauthorized`: no or a wrong bearer token", 404: "`not_found`: METRICS_TOKEN is not set" },
  },
];
