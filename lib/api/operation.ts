import { z } from "zod";
import type { Role } from "@/lib/db/schema/users";
import { ERROR_CODES } from "@/lib/errors";

/**
 * One entry of the OpenAPI description and what every entry shares: the error answer, the scalars, an NDJSON
 * answer's failed last line, and the compile-time check that a schema describes what the code returns. The entries
 * stand beside their features (their openapi.ts, docs/architecture.md "Slices"); lib/openapi/openapi.ts joins them.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Content = { type: string; schema?: z.ZodType; description?: string };
export type Answer = { status: number; description: string; content?: Content };

export type ApiOperation = {
  method: Method;
  /** OpenAPI path template, e.g. `/api/connections/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** `public`: no session; `signed-in`: any role; else the roles allowed (others get 403). */
  access: "public" | "signed-in" | readonly Role[];
  /** A public route that takes a bearer token of its own instead of a session. */
  bearer?: "metricsToken";
  query?: z.ZodType;
  body?: z.ZodType;
  /** Descriptions of query parameters, by name. */
  params?: Record<string, string>;
  answers: Answer[];
  /** Error statuses beyond those every route shares (401, 403, 400 on bad input, 500), with their codes. */
  errors?: Record<number, string>;
};

export const json = (schema: z.ZodType): Content => ({ type: "application/json", schema });
export const ndjson = (...lines: z.ZodType[]): Content => ({
  type: "application/x-ndjson",
  schema: z.union(lines),
  description: "one JSON object per line",
});
export const file: Content = {
  type: "*/*",
  description:
    "the file's bytes; content type passed on only if PDF, ZIP, octet-stream, text/plain or XML, else application/octet-stream",
};

export const Uuid = z.string().meta({ format: "uuid" });
export const DateTime = z.string().meta({ format: "date-time" });
export const Int = z.number().int();

export const ErrorAnswer = z
  .looseObject({
    error: z.enum(ERROR_CODES).meta({ description: "machine-readable code (lib/errors.ts `ERROR_CODES`)" }),
    message: z.string().meta({ description: "for a person, in the caller's language; never a provider's body" }),
    fields: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "on a 400: which input is wrong" }),
  })
  .meta({
    description:
      "The one error shape. Some errors add fields: `state` and `providerStatus` (confirmations), `requestId`, `retryAfterSeconds`.",
  });

/** The last line of an NDJSON answer that failed after it began. */
export const ErrorLine = z.looseObject({ done: z.literal(true), error: z.enum(ERROR_CODES), message: z.string() });

// What the code returns must fit the documented answer (and, where the types are closed, the reverse).
export type Fits<A, B> = [A] extends [B] ? true : false;
export type Same<A, B> = Fits<A, B> extends true ? Fits<B, A> : false;
