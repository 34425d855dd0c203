import { reason } from "../http";
import type { OsrMessage } from "./schema";

/** The on-site-roles v2 service's answers (docs/sandbox.md, "On-site-roles v2"). */

export const OSR_BASE = "/onsiteroles/v2";
/** X-API-VERSION on every answer of the service: the revision the specification's client cites. */
export const OSR_API_VERSION = "2.0.2";

/** Every answer but a success carries the one structure of a v2 400: `{messages: [{type, message, shortmessage}]}`. */
export const osrMessages = (status: number, messages: OsrMessage[], headers: Record<string, string> = {}) =>
  Response.json({ messages }, { status, headers });

/** The shortmessage of a status without a code of its own: its reason phrase, e.g. NOT_FOUND. */
export const statusCode = (status: number) =>
  reason(status)
    .toUpperCase()
    .replace(/[^A-Z]+/g, "_");

export const osrError = (
  status: number,
  message: string,
  shortmessage = statusCode(status),
  headers: Record<string, string> = {},
) => osrMessages(status, [{ type: "error", message, shortmessage }], headers);
