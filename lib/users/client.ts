import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { UserView } from "@/lib/users/users";

/** The browser's side of the admins' user management (docs/api.md, "`GET /api/users`, `POST /api/users`, `PATCH /api/users/{id}`"): the shape, key and query. */
export type { UserView as User };

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
};

export const usersQuery = () =>
  queryOptions({ queryKey: userKeys.list(), queryFn: () => fetchJson<UserView[]>("/api/users") });
