import { redirect } from "next/navigation";
import { pageUser } from "@/lib/auth/session";
import { pagesFor } from "@/lib/auth/pages";

export default async function Home() {
  const user = await pageUser();
  redirect(pagesFor(user.role)[0]?.href ?? "/login");
}
