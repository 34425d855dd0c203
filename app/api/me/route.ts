import { withUser } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { UpdateMeBody } from "@/lib/users/schemas";
import { setUserLocale } from "@/lib/users/users";

export const GET = withUser({}, async ({ user }) => user);

export const PATCH = withUser({ body: UpdateMeBody }, async ({ user, body }) => {
  await setUserLocale(await getDb(), user.id, body.locale);
  return { ...user, locale: body.locale };
});
