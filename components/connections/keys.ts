import type { ConnectionView } from "@/lib/connections/connections";
import type { TestResult } from "@/lib/connections/test-connection";

/** The `connection` of DASHBOARD.md, as the browser sees it: never a secret. */
export type Connection = ConnectionView;

export type ConnectionTest = TestResult;

export const connectionKeys = {
  all: ["connections"] as const,
  list: () => [...connectionKeys.all, "list"] as const,
};
