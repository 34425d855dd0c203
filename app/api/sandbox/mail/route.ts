import { withRole } from "@/lib/api/handler";
import { emptySandboxMail, readSandboxMail } from "@/lib/ops/sandbox-mail";

// The sandbox mailbox for the dashboard's admin (the page /sandbox/mail), read over the sandbox's
// control API as scripts read it (/sandbox/api/mail); 404 while the sandbox is off.
export const GET = withRole(["admin"], {}, () => readSandboxMail());

export const DELETE = withRole(["admin"], {}, async () => {
  await emptySandboxMail();
  return new Response(null, { status: 204 });
});
