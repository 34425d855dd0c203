import { z } from "zod";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { OUTBOX_STATES } from "@/lib/outbox-states";
import {
  OutboxListQuery,
  OutboxSendQuery,
  OutboxSupportFilters,
  OutboxSupportQuery,
  ResolveBody,
} from "@/lib/outbox/schemas";
import type { OutboxItem, SupportOutboxItem } from "@/lib/outbox/view";
import { json, type ApiOperation } from "@/lib/api/operation";

/**
 * The OpenAPI entries of the DTA outbox (lib/delivery/outbox): a connection's sends, and support's view of every
 * user's.
 */

const Uuid = z.string().meta({ format: "uuid" });
const DateTime = z.string().meta({ format: "date-time" });
const Text = z.string().nullable();
const CONNECTION = "`not_found`: no such connection of the signed-in user (another user's id included)";

export const OutboxItemAnswer = z.object({
  id: Uuid,
  connectionId: Uuid,
  filename: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  doctype: Text,
  doctypeversion: Text,
  kd: z.string(),
  metadata: z.array(z.record(z.string(), z.unknown())).nullable(),
  state: z
    .enum(OUTBOX_STATES)
    .meta({ description: "`unknown`: sent, but no answer seen (or still under way); a person resolves it" }),
  status: z
    .object({ statustype: Text, code: Text, message: Text })
    .nullable()
    .meta({ description: "the provider's status object as it answered (JSON or XML), null when it sent none" }),
  httpStatus: z.number().int().nullable(),
  message: Text.meta({ description: "for a person: a warning, why it failed, or what to check for `unknown`" }),
  sentAt: DateTime,
  sentBy: Text,
  resolvedAt: DateTime.nullable(),
  resolvedBy: Text,
});
const OutboxPageAnswer = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(OutboxItemAnswer),
});
const SupportOutboxItemAnswer = OutboxItemAnswer.extend({ connectionName: z.string(), owner: z.string() });
const SupportOutboxAnswer = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  items: z.array(SupportOutboxItemAnswer),
});

export const OUTBOX_OPERATIONS: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/connections/{id}/outbox",
    tag: "documents",
    summary: "Send one file to the provider (DTA `documents/in`), once",
    access: CONNECTION_ROLES,
    query: OutboxSendQuery,
    params: { again: "`1`: send bytes that this connection sent before" },
    description:
      "Body: `multipart/form-data` with `file` (one file, at most OUTBOX_MAX_MB) and optional text fields `doctype`, `doctypeversion`, `kd` (each ≤ 64 characters; `kd` defaults to the connection's customer number) and `metadata` (a JSON array of reference objects, ≤ 64 KiB). The upload is streamed into the archive, the item committed as `unknown`, then one POST goes to the provider, never retried.",
    answers: [
      {
        status: 201,
        description: "the item: `sent`, `failed` or `unknown`, whatever the provider answered",
        content: json(OutboxItemAnswer),
      },
    ],
    errors: {
      400: "`not_supported`: a UVI connection; `validation` with `fields`: a bad field or no file part",
      404: CONNECTION,
      409: "`already_sent` with `previous` (the earlier item): these bytes were sent (or may have been) on this connection",
      413: "`payload_too_large`: the file is over OUTBOX_MAX_MB (by Content-Length, or while it streams)",
    },
  },
  {
    method: "GET",
    path: "/api/connections/{id}/outbox",
    tag: "documents",
    summary: "The connection's sent items",
    access: CONNECTION_ROLES,
    query: OutboxListQuery,
    answers: [{ status: 200, description: "newest first", content: json(OutboxPageAnswer) }],
    errors: { 404: CONNECTION },
  },
  {
    method: "PATCH",
    path: "/api/connections/{id}/outbox/{itemId}",
    tag: "documents",
    summary: "Resolve an `unknown` item after checking with the provider",
    access: CONNECTION_ROLES,
    body: ResolveBody,
    description: "Sets the state and who resolved it when; never sends anything again.",
    answers: [{ status: 200, description: "the item", content: json(OutboxItemAnswer) }],
    errors: { 404: `${CONNECTION}; or no such item on it`, 409: "`not_unknown`: the item is not `unknown`" },
  },
  {
    method: "GET",
    path: "/api/delivery/outbox",
    tag: "delivery",
    summary: "Outbox items across all users' connections",
    access: SUPPORT_ROLES,
    query: OutboxSupportQuery,
    params: {
      q: "file name (substring) or the start of a SHA-256",
      from: "sent on or after this day (`YYYY-MM-DD`, display time zone)",
      to: "sent on or before this day",
    },
    answers: [{ status: 200, description: "newest first", content: json(SupportOutboxAnswer) }],
  },
  {
    method: "GET",
    path: "/api/delivery/outbox/export.csv",
    tag: "delivery",
    summary: "The filtered outbox items as CSV",
    access: SUPPORT_ROLES,
    query: OutboxSupportFilters,
    description:
      "Like `GET /api/delivery/export.csv`: UTF-8 with BOM, `;` separated, formula-safe cells, streamed; the export is audited.",
    answers: [
      { status: 200, description: "`ausgang-YYYY-MM-DD.csv`", content: { type: "text/csv", schema: z.string() } },
    ],
  },
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: true[] = [
  true as Same<OutboxItem, z.output<typeof OutboxItemAnswer>>,
  true as Same<SupportOutboxItem, z.output<typeof SupportOutboxItemAnswer>>,
];
void checks;
