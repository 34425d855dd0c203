import { z } from "zod";
import { SERVICES } from "@/lib/db/schema/connections";

/**
 * A service address as stored: http(s) only, no user:password@, no fragment, no query; kept as
 * origin plus path without a trailing slash. Whether it may be called is the outbound guard's
 * decision at request time (the address behind a name can change).
 */
export const ServiceUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .transform((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      ctx.addIssue({ code: "invalid_format", format: "url", input: raw });
      return z.NEVER;
    }
    if (
      (url.protocol !== "https:" && url.protocol !== "http:") ||
      url.username ||
      url.password ||
      raw.includes("#") ||
      url.search
    ) {
      ctx.addIssue({ code: "invalid_format", format: "url", input: raw });
      return z.NEVER;
    }
    return url.origin + url.pathname.replace(/\/+$/, "");
  });

const Name = z.string().trim().min(1).max(120);
const Principal = z.string().trim().min(1).max(200);
const Secret = z.string().min(1).max(1000);
export const CustomerNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/);

const BasicAuth = z.strictObject({ type: z.literal("basic"), username: Principal, password: Secret });
const ClientCredentialsAuth = z.strictObject({
  type: z.literal("client_credentials"),
  clientId: Principal,
  clientSecret: Secret,
});

export const CreateConnectionBody = z
  .strictObject({
    name: Name,
    service: z.enum(SERVICES),
    baseUrl: ServiceUrl,
    authUrl: ServiceUrl.nullish(),
    auth: z.discriminatedUnion("type", [BasicAuth, ClientCredentialsAuth]),
    customerNumber: CustomerNumber.nullish(),
    onSiteRolesUrl: ServiceUrl.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.auth.type === "client_credentials" && v.service === "dta") {
      ctx.addIssue({ code: "invalid_value", path: ["auth", "type"], values: ["basic"], input: v.auth.type });
    }
    if (v.auth.type === "client_credentials" && !v.authUrl) {
      ctx.addIssue({ code: "invalid_type", path: ["authUrl"], expected: "string", input: undefined });
    }
  });
export type CreateConnectionInput = z.infer<typeof CreateConnectionBody>;

/** A blank or missing secret on an edit keeps the stored one. */
const KeptSecret = z
  .string()
  .max(1000)
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v));

export const UpdateConnectionBody = z.strictObject({
  name: Name.optional(),
  baseUrl: ServiceUrl.optional(),
  authUrl: ServiceUrl.nullish(),
  customerNumber: CustomerNumber.nullish().or(z.literal("").transform(() => null)),
  onSiteRolesUrl: ServiceUrl.nullish().or(z.literal("").transform(() => null)),
  auth: z
    .discriminatedUnion("type", [
      z.strictObject({ type: z.literal("basic"), username: Principal.optional(), password: KeptSecret }),
      z.strictObject({
        type: z.literal("client_credentials"),
        clientId: Principal.optional(),
        clientSecret: KeptSecret,
      }),
    ])
    .optional(),
  /** Whether the members of the connection's team may work through it (the owner's or an admin's change). */
  shared: z.boolean().optional(),
});
export type UpdateConnectionInput = z.infer<typeof UpdateConnectionBody>;

export const ConnectionId = z.uuid();

/** `POST /api/connections/{id}/transfer`: the new owner, a manager or admin of the connection's team. */
export const TransferConnectionBody = z.strictObject({ userId: z.uuid() });
