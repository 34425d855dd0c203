import { withUser } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { UpdateMeBody } from "@/lib/users/schemas";
import { setUserLocale } from "@/lib/users/users";
import { teamOf } from "@/lib/teams/teams";

export const GET = withUser({}, async ({ user, principal }) => ({
  ...user,
  team: await teamOf(await getDb(), principal),
}));

export const PATCH = withUser({ body: UpdateMeBody }, async ({ user, principal, body }) => {
  const db = await getDb();
  await setUserLocale(db, user.id, body.locale);
  return { ...user, locale: body.locale, team: await teamOf(db, principal) };
});
