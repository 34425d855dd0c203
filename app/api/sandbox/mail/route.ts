import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { clearMail, listMail } from "@/lib/sandbox/mailbox/store";

// The sandbox mailbox for the dashboard's admin (the page /sandbox/mail); scripts use the control API's /sandbox/api/mail.
const mailboxDb = async () => {
  if (!env().sandbox) throw notFound();
  return getDb();
};

export const GET = withRole(["admin"], {}, async () => listMail(await mailboxDb()));

export const DELETE = withRole(["admin"], {}, async () => {
  await clearMail(await mailboxDb());
  return new Response(null, { status: 204 });
});
