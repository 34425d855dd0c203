import { z } from "zod";
import { json, type ApiOperation } from "@/lib/api/operation";
import { MailboxCheckAnswer } from "@/lib/ops/mailbox-health";
import { SandboxMailAnswer } from "./sandbox-mail";

/**
 * The operator's routes (docs/api.md, "`GET /api/health` and `GET /api/ready`", "`GET /api/metrics`"): no session; the
 * metrics take a bearer token of their own.
 */

export const HealthAnswer = z.object({ status: z.literal("ok") });
export const ReadyAnswer = z.object({
  status: z.enum(["ready", "starting", "draining", "unavailable"]),
  detail: z
    .object({ mailbox: MailboxCheckAnswer })
    .optional()
    .meta({ description: "an admin's session only: the checks that warn without changing the status" }),
});

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
      "Ready once start-up (migrations included) is done, while the database answers with every migration applied and the archive can be written, each checked within 2 s. The answer names the state only; with an admin's session it adds `detail`, the checks that warn (the sender's mailbox), which never make the instance unready. `Cache-Control: no-store`.",
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

/**
 * The sandbox mailbox for the dashboard's admin (docs/api.md, "`GET /api/sandbox/mail`, `DELETE /api/sandbox/mail`").
 */

const sandboxOff = "`not_found`: the sandbox is off (SANDBOX is not 1)";
const unreachable = "`sandbox_unreachable`: the sandbox's control API did not answer as documented";

export const SANDBOX_MAIL_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/sandbox/mail",
    tag: "meta",
    summary: "The sandbox mailbox's messages",
    access: ["admin"],
    description:
      "What the sandbox's SMTP server received, the last 1000, oldest first: the same list as the control API's `GET /sandbox/api/mail`.",
    answers: [{ status: 200, description: "oldest first", content: json(z.array(SandboxMailAnswer)) }],
    errors: { 404: sandboxOff, 502: unreachable },
  },
  {
    method: "DELETE",
    path: "/api/sandbox/mail",
    tag: "meta",
    summary: "Empty the sandbox mailbox",
    access: ["admin"],
    answers: [{ status: 204, description: "emptied" }],
    errors: { 404: sandboxOff, 502: unreachable },
  },
];
