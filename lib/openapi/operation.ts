import { z } from "zod";
import type { Role } from "@/lib/db/schema/users";

/** One entry of the OpenAPI description (lib/openapi/openapi.ts) and the shapes its entries share. */

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
