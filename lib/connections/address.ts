import "server-only";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { AppError } from "@/lib/errors";
import { dta } from "@/lib/provider/dta";
import { checkUrl } from "@/lib/provider/guard";
import { osrPath } from "@/lib/provider/osr-path";
import { discoveryUrl } from "@/lib/provider/token";
import { uvi } from "@/lib/provider/uvi";
import { httpConfig } from "./provider";

type Addresses = Pick<ConnectionRow, "service" | "baseUrl" | "authUrl" | "authType"> & {
  onSiteRolesUrl?: string | null;
};

/** Whether the outbound guard lets `url` through (no name is resolved here: that happens at connect time). */
function isAllowed(url: URL): boolean {
  try {
    checkUrl(url, httpConfig());
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses, when a connection is saved, an address the outbound guard would refuse on every
 * request, so that a person learns it at the form and not at the first "Testen". The addresses
 * checked are the first ones a request asks: the service's list below `baseUrl`, for OAuth the
 * discovery document below `authUrl`, and a report's path below `onSiteRolesUrl` (the sandbox is
 * allowed only below its service paths).
 */
export function checkAddresses(c: Addresses): void {
  const fields: { path: string; message: "connections.addressRefused" }[] = [];
  const spec = c.service === "uvi" ? uvi : dta;
  if (!isAllowed(new URL(c.baseUrl + spec.documentsPath)))
    fields.push({ path: "baseUrl", message: "connections.addressRefused" });
  if (c.authType === "client_credentials" && c.authUrl && !isAllowed(discoveryUrl(c.authUrl))) {
    fields.push({ path: "authUrl", message: "connections.addressRefused" });
  }
  if (c.onSiteRolesUrl && !isAllowed(new URL(c.onSiteRolesUrl + osrPath("0", "0"))))
    fields.push({ path: "onSiteRolesUrl", message: "connections.addressRefused" });
  if (fields.length) throw new AppError(400, "validation", "error.validation", { fields });
}
