import type { ApiOperation } from "./operation";

/** The operator's routes: no session; the metrics take a bearer token of their own. */
export const OPS_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/metrics",
    tag: "meta",
    summary: "Prometheus metrics of this instance",
    access: "public",
    bearer: "metricsToken",
    description:
      "`Authorization: Bearer METRICS_TOKEN`, no session. Each instance answers for itself. Labels never carry a user, an e-mail address, a document id, a connection or a secret.",
    answers: [{ status: 200, description: "the Prometheus text format (version 0.0.4)", content: { type: "text/plain" } }],
    errors: { 401: "`unauthorized`: no or a wrong bearer token", 404: "`not_found`: METRICS_TOKEN is not set" },
  },
];
