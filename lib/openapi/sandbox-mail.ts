import { z } from "zod";
import type { StoredMail } from "@/lib/sandbox/mailbox/store";
import { json, type ApiOperation } from "./operation";

/** The sandbox mailbox for the dashboard's admin (docs/api.md, "`GET /api/sandbox/mail`, `DELETE /api/sandbox/mail`"). */

export const SandboxMailAnswer = z.object({
  at: z.string().describe("when it arrived, ISO 8601 UTC"),
  from: z.string().describe("the From header as written, else the envelope's sender"),
  to: z.array(z.string()).describe("the envelope's recipients"),
  subject: z.string(),
  text: z.string().describe("the plain text, up to 100,000 characters"),
  attachments: z.array(z.object({ filename: z.string().nullable(), contentType: z.string(), size: z.number().int(), sha256: z.string() })),
});

// What the mailbox returns must fit the documented answer.
void ((mail: StoredMail): z.output<typeof SandboxMailAnswer> => mail);

const sandboxOff = "`not_found`: the sandbox is off (SANDBOX is not 1)";

export const SANDBOX_MAIL_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/sandbox/mail",
    tag: "meta",
    summary: "The sandbox mailbox's messages",
    access: ["admin"],
    description: "What the sandbox's SMTP server received, the last 1000, oldest first: the same list as the control API's `GET /sandbox/api/mail`.",
    answers: [{ status: 200, description: "oldest first", content: json(z.array(SandboxMailAnswer)) }],
    errors: { 404: sandboxOff },
  },
  {
    method: "DELETE",
    path: "/api/sandbox/mail",
    tag: "meta",
    summary: "Empty the sandbox mailbox",
    access: ["admin"],
    answers: [{ status: 204, description: "emptied" }],
    errors: { 404: sandboxOff },
  },
];
