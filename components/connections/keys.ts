/** The `connection` of DASHBOARD.md, as the browser sees it: never a secret. */
export type Connection = {
  id: string;
  name: string;
  service: "uvi" | "dta";
  baseUrl: string;
  authUrl: string | null;
  authType: "basic" | "client_credentials";
  customerNumber: string | null;
  createdAt: string;
};

export type ConnectionTest = { ok: boolean; status: string; message: string; count?: number };

export const connectionKeys = {
  all: ["connections"] as const,
  list: () => [...connectionKeys.all, "list"] as const,
};
