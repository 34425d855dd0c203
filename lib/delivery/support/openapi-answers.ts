import { z } from "zod";
import { DOCUMENT_STATES } from "@/lib/db/schema/delivery";
import { DateTime, Int, Uuid, type Same } from "@/lib/api/operation";
import type { DocumentWithFacts } from "@/lib/delivery/file-facts";
import type { DeliveryEvent } from "./detail";
import type { DeliveryConnection, DeliveryRecord } from "./records";

/**
 * The delivery record's answer schemas for the OpenAPI document: a document's file facts, support's records with
 * their detail and connections, the register's names on them (lib/delivery/support/register.ts: never a resident);
 * with their checks against the code.
 */

const Text = z.string().nullable();

export const RegisterNamesAnswer = z.object({ property: Text, address: Text, label: Text }).nullable().meta({
  description:
    "the unit in the register of the document's owner (by `mscnumber`, else `pmnumber`); null when it is not in it. Never the resident: support does not need the person",
});

export const DeliveryAnswer = z.object({
  connectionId: Uuid,
  connectionName: z.string(),
  owner: z.string(),
  service: z.string(),
  documentid: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  units: z.array(z.string()),
  register: RegisterNamesAnswer,
  billing: z.boolean().meta({
    description:
      "a file of the whole property: its unit is a `billingunit` reference (a DTA ZIP); `register` then names the property whose units give that billing unit",
  }),
  state: z.enum(DOCUMENT_STATES),
  firstSeenAt: DateTime,
  fetchedAt: DateTime.nullable(),
  sha256: z.string().nullable(),
  bytes: Int.nullable(),
  confirmedAt: DateTime.nullable(),
  confirmedBy: z.string().nullable(),
  confirmedVia: z.object({ connectionId: Uuid, connectionName: z.string() }).optional().meta({
    description: "state `elsewhere`: the connection (of any user) to the same provider account that confirmed it",
  }),
  replacedBy: z.string().optional(),
});
export const DeliveryListAnswer = z.object({ count: Int, records: z.array(DeliveryAnswer) });
const DeliveryEventAnswer = z.object({
  at: DateTime,
  kind: z.string(),
  actor: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
const Size = Int.nullable().meta({
  description: "bytes; the provider's value when it is a non-negative integer (numeric text too), else null",
});
export const FactsAnswer = z
  .object({
    filesize: Size,
    filesizecompressed: Size,
    filedate: z.string().nullable().meta({ description: "as the provider wrote it (at most 64 characters)" }),
    filedateParsed: DateTime.nullable().meta({
      description:
        "`filedate` as an instant, when it is ISO 8601 or `TT.MM.JJJJ` (optionally with `hh:mm` or `hh:mm:ss`)",
    }),
    doctypeversion: z.string().nullable(),
    hashvalue: z.string().nullable().meta({ description: "as the provider wrote it (at most 200 characters)" }),
    source: z.enum(["list", "document"]).nullable().meta({
      description:
        "`list`: the list's entry; `document`: `GET /v1/documents/out/{id}`, asked because the list left them out; null: none given",
    }),
    hash: z
      .object({
        algorithm: z.enum(["md5", "sha1", "sha256"]),
        hex: z.string().meta({ description: "the provider's digest, lower-case hex" }),
        actual: z
          .string()
          .nullable()
          .meta({ description: "the archived bytes' digest; null until the file was fetched" }),
        matches: z
          .boolean()
          .nullable()
          .meta({ description: "false: a mismatch, which blocks the confirmation (`409 hash_mismatch`)" }),
      })
      .nullable()
      .meta({
        description:
          "when `hashvalue` is an MD5, SHA-1 or SHA-256 hex digest (optionally `md5:`, `sha1:`, `sha256:`, `sha-256:`); else null (shown, not checked)",
      }),
    sizeDiffers: Int.nullable().meta({
      description: "the archived size when it differs from `filesize` (shown, never enforced)",
    }),
  })
  .meta({
    description: 'What the DTA service says about the file (docs/api.md, "File facts"); null for UVI documents.',
  });
export const DocumentFactsAnswer = z.object({
  documentid: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  state: z.enum(DOCUMENT_STATES),
  sha256: z.string().nullable(),
  bytes: Int.nullable(),
  fetchedAt: DateTime.nullable(),
  facts: FactsAnswer.nullable(),
});
export const DeliveryDetailAnswer = DeliveryAnswer.extend({
  facts: FactsAnswer.nullable(),
  events: z.array(DeliveryEventAnswer),
});

export const DeliveryConnectionAnswer = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  service: z.string(),
  deleted: z.boolean(),
});

// What the code returns must fit the documented answer, both ways (`Same`, lib/api/operation.ts).
const checks: true[] = [
  true as Same<DeliveryRecord, z.output<typeof DeliveryAnswer>>,
  true as Same<DeliveryEvent, z.output<typeof DeliveryEventAnswer>>,
  true as Same<DeliveryConnection, z.output<typeof DeliveryConnectionAnswer>>,
  true as Same<DocumentWithFacts, z.output<typeof DocumentFactsAnswer>>,
];
void checks;
