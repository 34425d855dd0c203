import { z } from "zod";
import { HoldName } from "./hold-name";
import { MailFaultRule } from "./mailbox/rules";
import { OsrUnit } from "./osr/schema";

/** The control API's bodies (docs/sandbox.md, "State" and "Fault rules"): the provider state and the fault rules. */

export const DOCUMENT_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Text the database can store (PostgreSQL refuses NUL in text and jsonb). */
const text = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((s) => !s.includes("\u0000"), "must not contain NUL");
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const Settings = z
  .object({
    tokenLifetimeSeconds: z.number().int().min(1).max(86_400).default(300),
    defaultLimit: z.number().int().min(1).max(100_000).default(100),
    maxLimit: z.number().int().min(1).max(100_000).default(1000),
    dtaXml: z.boolean().default(true),
    rateLimit: z
      .object({ requests: z.number().int().min(1).max(1_000_000), windowSeconds: z.number().int().min(1).max(3600) })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();
export type Settings = z.infer<typeof Settings>;
export const DEFAULT_SETTINGS: Settings = Settings.parse({});

const Secret = text(1, 200);

export const Client = z
  .object({
    id: text(1, 100),
    services: z.array(z.enum(["uvi", "dta", "osr"])).min(1),
    basic: z
      .object({ username: text(1, 200).regex(/^[^:]*$/, "must not contain ':'"), password: Secret })
      .strict()
      .optional(),
    oauth: z
      .object({ clientId: text(1, 200), clientSecret: Secret })
      .strict()
      .optional(),
    customers: z.array(text(1, 64)).min(1),
  })
  .strict()
  .refine((c) => c.basic || c.oauth, { message: "a client needs basic, oauth or both" });
export type Client = z.infer<typeof Client>;

export const Metadata = z
  .object({
    reftype: text(1, 64),
    mscnumber: text(0, 64),
    pmnumber: text(0, 64).nullable(),
    from: z.string().regex(DATE, "expected YYYY-MM-DD").nullable(),
    to: z.string().regex(DATE, "expected YYYY-MM-DD").nullable(),
  })
  .strict();
export type Metadata = z.infer<typeof Metadata>;

const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "expected base64");

export const Content = z.union([
  z.object({ base64: Base64 }).strict(),
  z.object({ generate: z.enum(["uvi-pdf", "dta-zip"]) }).strict(),
]);
export type Content = z.infer<typeof Content>;

/** Whether a string anywhere in a JSON value (keys included) holds NUL, which jsonb refuses. */
const hasNul = (v: unknown): boolean =>
  typeof v === "string"
    ? v.includes("\u0000")
    : typeof v === "object" && v !== null && Object.entries(v).some(([k, x]) => k.includes("\u0000") || hasNul(x));

/**
 * What the DTA service may say about a file (`filesize`, `filesizecompressed`, `filedate`,
 * `hashvalue`): any JSON value, since a client must tolerate "null, missing, or any value"
 * (the specification's decisions); the sandbox answers it as given, so tests can send what a provider might.
 */
const Fact = z
  .json()
  .refine((v) => !hasNul(v), "must not contain NUL")
  .optional();
export const FACT_KEYS = ["filesize", "filesizecompressed", "filedate", "hashvalue"] as const;

export const StateDocument = z
  .object({
    service: z.enum(["uvi", "dta"]),
    customer: text(1, 64),
    documentid: z.string().regex(DOCUMENT_ID, "expected 1 to 64 characters of [A-Za-z0-9._-]"),
    filename: text(1, 255),
    doctype: text(1, 64),
    doctypeversion: text(0, 64).optional(),
    filesize: Fact,
    filesizecompressed: Fact,
    filedate: Fact,
    hashvalue: Fact,
    mimetype: text(1, 128),
    propertymanagement: text(0, 128).nullable().default(""),
    metadata: z.array(Metadata).default([]),
    content: Content,
    confirmed: z.boolean().default(false),
    confirmedAt: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Not in the contract's example: a document the provider no longer offers (DTA answers 410). */
    withdrawn: z.boolean().default(false),
  })
  .strict();
export type StateDocument = z.infer<typeof StateDocument>;

/** References as POST /dta/v1/documents/in takes them: every field optional, others kept as sent. */
export const ReceivedMetadata = z.array(
  Metadata.partial()
    .passthrough()
    .refine((m) => !hasNul(m), "must not contain NUL"),
);

/**
 * A document received through POST /dta/v1/documents/in, as GET /sandbox/api/state shows it, so
 * that a state read can be put back as it is. `size` is derived from the content; when given it
 * must match.
 */
export const ReceivedDocument = z
  .object({
    documentid: z.string().regex(DOCUMENT_ID, "expected 1 to 64 characters of [A-Za-z0-9._-]"),
    client: text(1, 100),
    customer: text(1, 64),
    filename: text(1, 255),
    doctype: text(0, 64).nullable().default(null),
    doctypeversion: text(0, 64).nullable().default(null),
    metadata: ReceivedMetadata.nullable().default(null),
    size: z.number().int().min(0).optional(),
    receivedAt: z.iso.datetime({ offset: true }).optional(),
    content: z.object({ base64: Base64 }).strict(),
  })
  .strict()
  .refine((r) => r.size === undefined || r.size === Buffer.from(r.content.base64, "base64").length, {
    message: "does not match the content's length",
    path: ["size"],
  });
export type ReceivedDocument = z.infer<typeof ReceivedDocument>;

export const State = z
  .object({
    settings: Settings.default(DEFAULT_SETTINGS),
    clients: z.array(Client).max(1000),
    documents: z.array(StateDocument).max(500_000),
    /** Not in the contract's PUT example: GET adds it, and a state read is taken back as it is. */
    received: z.array(ReceivedDocument).max(10_000).optional(),
    /** The units the on-site-roles service knows; none: those the documents name (docs/sandbox.md). */
    units: z.array(OsrUnit).max(100_000).optional(),
  })
  .strict()
  .superRefine((state, ctx) => {
    const unique = (key: string, values: (string | undefined)[], path: (i: number) => (string | number)[]) => {
      const seen = new Set<string>();
      values.forEach((v, i) => {
        if (v === undefined) return;
        if (seen.has(v)) ctx.addIssue({ code: "custom", path: path(i), message: `duplicate ${key} "${v}"` });
        seen.add(v);
      });
    };
    unique(
      "client id",
      state.clients.map((c) => c.id),
      (i) => ["clients", i, "id"],
    );
    unique(
      "basic username",
      state.clients.map((c) => c.basic?.username),
      (i) => ["clients", i, "basic", "username"],
    );
    unique(
      "oauth clientId",
      state.clients.map((c) => c.oauth?.clientId),
      (i) => ["clients", i, "oauth", "clientId"],
    );
    unique(
      "documentid",
      state.documents.map((d) => `${d.service}:${d.documentid}`),
      (i) => ["documents", i, "documentid"],
    );
    unique(
      "received documentid",
      (state.received ?? []).map((r) => r.documentid),
      (i) => ["received", i, "documentid"],
    );
    unique(
      "unit",
      (state.units ?? []).map((u) => JSON.stringify([u.customer, u.billingunit, u.unit])),
      (i) => ["units", i],
    );
  });
export type State = z.infer<typeof State>;

export const FaultRule = z
  .object({
    // Absent on an HTTP rule: a rule with `smtp` is the mailbox's (MailFaultRule).
    smtp: z.undefined().optional(),
    method: z
      .string()
      .regex(/^[A-Z]+$/, "expected an upper-case HTTP method")
      .optional(),
    path: z.string().startsWith("/").max(500),
    status: z.number().int().min(200).max(599).optional(),
    body: text(0, 1_000_000).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    hold: HoldName.optional(),
    retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
    applyThenFail: z.number().int().min(200).max(599).optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((r) => !(r.status !== undefined && r.applyThenFail !== undefined), {
    message: "status and applyThenFail exclude each other",
  });
export type FaultRule = z.infer<typeof FaultRule>;
/**
 * The fault rules of PUT /sandbox/api/faults: the services' HTTP rules and the mailbox's SMTP rules in one ordered
 * list.
 */
export const AnyFaultRule = z.discriminatedUnion("smtp", [FaultRule, MailFaultRule]);
export type AnyFaultRule = z.infer<typeof AnyFaultRule>;
export const FaultRules = z.array(AnyFaultRule).max(1000);

/** "path.to.field: message" for each issue, for a 400 that names the field. */
export function describeIssues(error: z.ZodError): { message: string; fields: { path: string; message: string }[] } {
  const fields = error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(body)", message: i.message }));
  const shown = fields.slice(0, 5).map((f) => `${f.path}: ${f.message}`);
  return { message: shown.join("; ") + (fields.length > 5 ? ` (+${fields.length - 5} more)` : ""), fields };
}

/** `*` matches exactly one path segment; everything else must be equal. */
export function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.split("/");
  const s = path.split("/");
  return p.length === s.length && p.every((seg, i) => (seg === "*" ? s[i] !== "" : seg === s[i]));
}
