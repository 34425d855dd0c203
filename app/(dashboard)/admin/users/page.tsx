import { UsersAdmin } from "@/components/users/users-admin";
import { usersQuery } from "@/lib/users/client";
import { listUsers } from "@/lib/users/users";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function UsersPage() {
  const { user, prefetch, hydrate } = await pageQueries("users");
  await prefetch(usersQuery(), ({ db }) => listUsers(db));
  return hydrate(<UsersAdmin currentUserId={user.id} />);
}
