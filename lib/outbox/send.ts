import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { principalActor } from "@/lib/audit/audit";
import { drainThenCancel } from "@/lib/api/body";
import { providerFor } from "@/lib/connections/provider";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/messages";
import { log } from "@/lib/log";
import { countOutboxSend } from "@/lib/process/metrics";
import { openArchived } from "@/lib/archive/read";
import { claimSend, readItem, recordOutcome } from "./items";
import { readUpload } from "./upload";
import type { OutboxItem } from "./view";

/**
 * `POST /api/connections/{id}/outbox` (docs/architecture.md, "Outbox"): the upload streamed into
 * the archive, the intent committed (`unknown`), then exactly one request to the provider, then
 * its outcome. Whatever the provider answered, the answer is the item: sent, failed and unknown
 * are all outcomes of a send.
 */
export async function sendFromOutbox(
  db: Db,
  input: {
    connection: ConnectionRow;
    principal: Principal;
    req: Request;
    again: boolean;
    locale: Locale;
  },
): Promise<OutboxItem> {
  const { connection } = input;
  // Before a byte of the body is kept: the UVI service has no upload. The body is drained for a
  // while, so the client reads the 400 instead of a reset connection.
  if (connection.service !== "dta") {
    if (input.req.body) drainThenCancel(input.req.body.getReader(), env().outboxMaxBytes);
    throw new AppError(400, "not_supported", "outboxApi.notSupported");
  }
  const upload = await readUpload(db, input.req, env().outboxMaxBytes);
  const kd = upload.fields.kd ?? connection.customerNumber ?? "";
  const item = await claimSend(db, {
    connection,
    principal: input.principal,
    upload,
    kd,
    again: input.again,
    locale: input.locale,
  });
  const fields: [string, string][] = [];
  if (upload.fields.doctype) fields.push(["doctype", upload.fields.doctype]);
  if (upload.fields.doctypeversion) fields.push(["doctypeversion", upload.fields.doctypeversion]);
  if (upload.fields.metadata) fields.push(["metadata", JSON.stringify(upload.fields.metadata)]);
  const outcome = await providerFor(connection).send(
    {
      filename: upload.filename,
      contentType: upload.contentType,
      bytes: upload.file.bytes,
      fields,
      open: async () => {
        const archived = await openArchived(db, upload.file.sha256);
        if (!archived) throw new Error("the archived upload is missing");
        return archived.stream;
      },
    },
    kd ? { kd } : {},
  );
  await recordOutcome(db, item, principalActor(input.principal), outcome);
  countOutboxSend(outcome.state);
  log().info(
    { connectionId: connection.id, itemId: item.id, state: outcome.state, httpStatus: outcome.httpStatus },
    "outbox send",
  );
  return (await readItem(db, connection.id, item.id, input.locale))!;
}
