import type { ServiceSpec } from "./service";

/** UVI PDF service v1: `{base_url}/documents/v1/documents/out`, Basic or Bearer, JSON only. */
export const uvi: ServiceSpec = {
  service: "uvi",
  documentsPath: "/documents/v1/documents/out",
  dataAccept: "application/pdf",
  fallbackMime: "application/pdf",
  sendsCustomerHeader: false,
};
