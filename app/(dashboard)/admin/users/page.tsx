import { UsersAdmin } from "@/components/users/users-admin";
import { requirePage } from "@/lib/auth/pages";

export default async function UsersPage() {
  const user = await requirePage("users");
  return <UsersAdmin currentUserId={user.id} />;
}
