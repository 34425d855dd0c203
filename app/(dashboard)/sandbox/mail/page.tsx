import { SandboxMailbox } from "@/components/sandbox/mailbox";
import { sandboxMailQuery } from "@/lib/ops/client";
import { env } from "@/lib/env";
import { readSandboxMail } from "@/lib/ops/sandbox-mail";
import { pageQueries } from "@/lib/pages/prefetch";

// The sandbox mailbox (docs/sandbox.md, "The mailbox"): only for an admin, only while SANDBOX=1 (lib/auth/pages.ts).
export default async function SandboxMailPage() {
  const { prefetch, hydrate } = await pageQueries("sandbox-mail");
  await prefetch(sandboxMailQuery(), () => readSandboxMail());
  return hydrate(<SandboxMailbox smtpPort={env().sandboxSmtpPort} />);
}
