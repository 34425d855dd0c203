import { z } from "zod";
import type { ConnectionView } from "@/lib/connections/connections";
import type { TestResult } from "@/lib/connections/test-connection";
import type { CurrentUser } from "@/lib/auth/session";
import { CONFIRMATION_STATES, DOCUMENT_STATES } from "@/lib/db/schema/delivery";
import { ERROR_CODES } from "@/lib/errors";
import { ROLES } from "@/lib/db/schema/users";
import type { resultLine } from "@/lib/delivery/confirm/answers";
import type { confirmMany } from "@/lib/delivery/confirm/many";
import type { Inbox } from "@/lib/views/inbox/inbox";
import { HANDOFF_STATES, RECIPIENT_KINDS } from "@/lib/lists/handoffs";
import { CHANNELS } from "@/lib/lists/units";
import type { ConfirmRunView } from "@/lib/delivery/confirm/run-kind";
import type { SyncDone, SyncProgress } from "@/lib/delivery/sync";
import type { DocumentPage } from "@/lib/provider/paging";
import type { UserView } from "@/lib/users/users";

/**
 * The answers of the JSON API as zod schemas, for the OpenAPI document only (docs/api.md): the
 * routes return plain values. The checks at the end fail to compile when a schema no longer
 * describes the type the code returns. The delivery record's answers are in delivery-answers.ts.
 */

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

export const ConnectionAnswer = z.object({
  id: Uuid,
  name: z.string(),
  service: z.enum(["uvi", "dta"]),
  baseUrl: z.string(),
  authUrl: z.string().nullable(),
  authType: z.enum(["basic", "client_credentials"]),
  principal: z.string().meta({ description: "the user name (Basic) or client id (OAuth); never the secret" }),
  customerNumber: z.string().nullable(),
  onSiteRolesUrl: z.string().nullable().meta({
    description:
      "the provider's on-site-roles v2 base (`{v2_base}`); with it the connection reports its units' tenancies",
  }),
  createdAt: DateTime,
  open: Int.meta({ description: "open documents in the local index now (the inbox's count)" }),
  lastSync: z
    .object({
      at: DateTime,
      ok: z.boolean(),
      open: Int.nullable().meta({ description: "open documents at that sync" }),
      message: z.string().optional(),
    })
    .nullable(),
  stale: z.boolean().meta({ description: "no good sync for two background intervals" }),
});

export const TestAnswer = z.object({
  ok: z.boolean(),
  status: z.enum([
    "ok",
    "auth_failed",
    "unreachable",
    "timeout",
    "refused",
    "forbidden",
    "unavailable",
    "wrong_address",
    "secret_unreadable",
  ]),
  message: z.string(),
  count: Int.optional(),
});

const Metadata = z.looseObject({
  reftype: z.string().nullish(),
  mscnumber: z.string().nullish(),
  pmnumber: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});

/** A provider's document: every field it sent (DTA fields too), normalised to the UVI names. */
export const DocumentAnswer = z.looseObject({
  documentid: z.string(),
  filename: z.string(),
  doctype: z.string(),
  mimetype: z.string(),
  propertymanagement: z.string(),
  metadata: z.array(Metadata),
});

export const DocumentPageAnswer = z.object({ count: Int, offset: Int, limit: Int, documents: z.array(DocumentAnswer) });
export const CountAnswer = z.object({ count: Int });
/** Confirmed before this run came to it (another run, tab or instance): by whom (a name) and when. */
const Earlier = { confirmedBy: z.string().nullable().optional(), confirmedAt: z.string().optional() };

export const ConfirmedAnswer = z.object({ documentid: z.string(), state: z.literal("confirmed"), ...Earlier });

export const ConfirmationLine = z.object({
  documentid: z.string(),
  state: z.enum(CONFIRMATION_STATES),
  error: z.enum(ERROR_CODES).optional(),
  message: z.string().optional(),
  ...Earlier,
});
export const ConfirmationsDone = z.object({
  done: z.literal(true),
  confirmed: Int,
  failed: Int,
  unknown: Int,
  pending: Int,
  cancelled: Int.meta({ description: "documents left open because the run was cancelled before it claimed them" }),
});
export const ConfirmationRunAnswer = z.object({
  id: Uuid,
  connectionId: Uuid,
  total: Int,
  confirmed: Int,
  failed: Int,
  unknown: Int,
  pending: Int,
  cancelled: Int,
  startedAt: DateTime,
  finishedAt: DateTime.nullable(),
  cancelRequested: z.boolean(),
  ended: z
    .enum(["done", "cancelled", "instance_ended"])
    .nullable()
    .meta({ description: "`instance_ended`: the instance running it stopped (crash or shutdown); null while it runs" }),
  scope: z
    .string()
    .nullable()
    .meta({ description: "the page that started it (`inbox`, `month:YYYY-MM`); null for another caller" }),
});
export const ConfirmationRunsAnswer = z.object({ runs: z.array(ConfirmationRunAnswer) });
export const SyncProgressLine = z.object({ seen: Int, count: Int });
export const SyncDoneLine = z.object({
  done: z.literal(true),
  open: Int,
  gone: Int,
  added: Int,
  countMismatch: z.object({ count: Int, seen: Int }).optional(),
  reconciled: z.object({ confirmed: Int, reopened: Int }).optional(),
});
/** The last line of an NDJSON answer that failed after it began. */
export const ErrorLine = z.looseObject({ done: z.literal(true), error: z.enum(ERROR_CODES), message: z.string() });

const InboxDocument = DocumentAnswer.extend({
  connectionId: Uuid,
  state: z.enum(DOCUMENT_STATES),
  replacedBy: z.string().nullable(),
  archived: z
    .boolean()
    .meta({ description: "its bytes are archived (a hand-off archives them first when they are not)" }),
  recipient: z.enum(RECIPIENT_KINDS).nullable().meta({
    description: 'who receives it by the one rule (docs/api.md, "Who receives a document"); null outside the register',
  }),
  handoff: z
    .object({ state: z.enum(HANDOFF_STATES), channel: z.enum(CHANNELS), at: z.string().meta({ format: "date-time" }) })
    .nullable()
    .meta({
      description: "its hand-off to the resident of its period (`GET /api/handoffs`); null while there is none",
    }),
});
export const InboxAnswer = z.object({
  units: Int,
  documents: Int,
  connections: z.array(z.object({ id: Uuid, open: Int })),
  register: z.boolean().meta({ description: "whether the user keeps a unit register (`GET /api/units`)" }),
  properties: z.array(z.string()).meta({ description: "the register's property names, for the `property` filter" }),
  groups: z.array(
    z.object({
      unit: z.string().nullable(),
      pmnumber: z.string().nullable(),
      label: z.string().nullable().meta({ description: "the register's label of the unit, else the provider's" }),
      register: z
        .object({
          property: z.string().nullable(),
          address: z.string().nullable(),
          resident: z.object({ name: z.string(), channel: z.enum(CHANNELS) }).nullable(),
          vacant: z.boolean().meta({ description: "no resident today, by a vacancy the register records" }),
        })
        .nullable()
        .meta({ description: "what the user's unit register says of the unit; null when it is not in the register" }),
      billing: z.boolean().meta({
        description:
          "the unit is a property's `billingunit` (a DTA file of the whole property): no flat, no resident; `register` names the property whose units give that billing unit",
      }),
      total: Int.meta({ description: "the unit's documents in this view, on all pages" }),
      before: Int.meta({ description: "the unit's documents on earlier pages (a page holds `limit` documents)" }),
      documents: z.array(InboxDocument),
    }),
  ),
});

export const UserAnswer = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  createdAt: DateTime,
});
export const MeAnswer = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  locale: z.enum(["de", "en"]).nullable(),
});

// What the code returns must fit the documented answer (and, where the types are closed, the reverse).
type Fits<A, B> = [A] extends [B] ? true : false;
export type Same<A, B> = Fits<A, B> extends true ? Fits<B, A> : false;
const checks: true[] = [
  true as Same<ConnectionView, z.output<typeof ConnectionAnswer>>,
  true as Fits<z.output<typeof TestAnswer>, TestResult>,
  true as Fits<DocumentPage, z.output<typeof DocumentPageAnswer>>,
  true as Fits<ReturnType<typeof resultLine>, z.output<typeof ConfirmationLine>>,
  true as Same<Awaited<ReturnType<typeof confirmMany>> & { done: true }, z.output<typeof ConfirmationsDone>>,
  true as Same<ConfirmRunView, z.output<typeof ConfirmationRunAnswer>>,
  true as Same<SyncProgress, z.output<typeof SyncProgressLine>>,
  true as Same<SyncDone, z.output<typeof SyncDoneLine>>,
  true as Same<Omit<Inbox, "groups">, Omit<z.output<typeof InboxAnswer>, "groups">>,
  true as Fits<z.output<typeof InboxAnswer>, Inbox>,
  true as Same<UserView, z.output<typeof UserAnswer>>,
  true as Same<CurrentUser, z.output<typeof MeAnswer>>,
];
void checks;
