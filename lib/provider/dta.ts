import type { ServiceSpec } from "./service";

/**
 * DTA service v1 (deprecated): `{base_url}/v1/documents/out`, Basic only, optional `kd` customer
 * header; may answer XML even when JSON is asked for.
 */
export const dta: ServiceSpec = {
  service: "dta",
  documentsPath: "/v1/documents/out",
  dataAccept: "*/*",
  fallbackMime: "application/zip",
  sendsCustomerHeader: true,
};
