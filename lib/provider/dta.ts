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

/**
 * The customer number (`kd`) a call about one document names: the one given (the list's, kept on the document's
 * row), else a DTA connection's own; UVI names none.
 */
export const kdOf = (connection: { service: string; customerNumber: string | null }, kd?: string) =>
  kd ?? (connection.service === "dta" ? (connection.customerNumber ?? "") : "");
