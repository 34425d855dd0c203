import { z } from "zod";
import { SandboxMailAnswer } from "@/lib/ops/sandbox-mail";
import { json, type ApiOperation } from "./operation";

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
