/**
 * The shapes every part of the provider client shares. They live here, not in client.ts, so the
 * parts (and uvi.ts, dta.ts) never import the module that assembles them.
 */

/** A connection as the provider client needs it: already opened (secrets in clear, in memory only). */
export type ProviderConnection = {
  id: string;
  service: "uvi" | "dta";
  baseUrl: string;
  authUrl: string | null;
  customerNumber: string | null;
  auth:
    | { type: "basic"; username: string; password: string }
    | { type: "client_credentials"; clientId: string; clientSecret: string };
};

/** What differs between the two services, beyond their answers (which schemas.ts unifies). */
export type ServiceSpec = {
  /** `osr`: on-site-roles v2 (osr.ts), sent with the requester of a connection's credentials. */
  service: "uvi" | "dta" | "osr";
  documentsPath: string;
  dataAccept: string;
  fallbackMime: string;
  sendsCustomerHeader: boolean;
};

export type CallOptions = {
  kd?: string;
  signal?: AbortSignal;
  /**
   * For a write: the one deadline of the whole call (token included), set by the caller before it claimed the write.
   */
  deadline?: AbortSignal;
};
