import { ConnectionsManager } from "@/components/connections/connections-manager";
import { connectionsQuery } from "@/lib/connections/client";
import { listConnections } from "@/lib/connections/connections";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { mailboxCheck } from "@/lib/ops/mailbox-health";
import { imapMailbox } from "@/lib/mail-config";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function ConnectionsPage() {
  const { prefetch, hydrate, principal } = await pageQueries("connections");
  await prefetch(connectionsQuery(), ({ db, locale }) => listConnections(db, principal, locale));
  const adminTeamId = principal.role === "admin" ? principal.teamId : undefined;
  // An admin is warned while the sender's mailbox cannot be read (docs/api.md, "Bounces").
  const mailbox =
    principal.role === "admin" ? await mailboxCheck(await getDb(), imapMailbox(env().imap) !== undefined) : undefined;
  return hydrate(
    <ConnectionsManager
      sandbox={env().sandbox}
      adminTeamId={adminTeamId}
      mailbox={mailbox?.status === "warn" ? mailbox : undefined}
    />,
  );
}
