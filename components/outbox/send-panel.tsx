"use client";
import { FileName } from "@/components/ui/file-name";
import { useRef, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import type { Connection } from "@/lib/connections/client";
import { formatBytes } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { DropZone } from "./drop-zone";
import { FileList } from "./file-list";
import { useOutboxSend, type FileRow, type SendFields } from "./use-outbox-send";

/** The provider in words for the question before sending: the connection's name and host. */
const providerOf = (connection: Connection) => {
  try {
    return `„${connection.name}“ (${new URL(connection.baseUrl).host})`;
  } catch {
    return `„${connection.name}“`;
  }
};

/** What the question before sending is about: the files, and whether they are sent again. */
type Asking = { rows: FileRow[]; again: boolean };

type TooLong = (value: string) => string | undefined;

/** The optional document type and version, and the customer number. */
function SendFieldInputs({
  fields,
  onChange,
  tooLong,
}: {
  fields: SendFields;
  onChange: Dispatch<SetStateAction<SendFields>>;
  tooLong: TooLong;
}) {
  const t = useT();
  const field = (name: keyof SendFields) => (value: string) => onChange((f) => ({ ...f, [name]: value }));
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField
        label={t("outbox.doctype")}
        hint={t("outbox.optional")}
        value={fields.doctype}
        onChange={field("doctype")}
        error={tooLong(fields.doctype)}
      />
      <TextField
        label={t("outbox.doctypeversion")}
        hint={t("outbox.optional")}
        value={fields.doctypeversion}
        onChange={field("doctypeversion")}
        error={tooLong(fields.doctypeversion)}
      />
      <TextField
        label={t("outbox.kd")}
        hint={t("outbox.kdHint")}
        value={fields.kd}
        onChange={field("kd")}
        error={tooLong(fields.kd)}
      />
    </div>
  );
}

type QuestionProps = {
  asking: Asking | null;
  connection: Connection;
  onClose: () => void;
  onSend: (asking: Asking) => void;
  returnFocus: RefObject<HTMLElement | null>;
};

/** The question before anything leaves: to which provider, and which files. */
function SendQuestion({ asking, connection, onClose, onSend, returnFocus }: QuestionProps) {
  const t = useT();
  return (
    <AlertDialog
      open={asking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(asking?.again ? "outbox.confirm.againTitle" : "outbox.confirm.title")}
      description={
        <>
          <p>
            {t(asking?.rows.length === 1 ? "outbox.confirm.one" : "outbox.confirm.many", {
              n: asking?.rows.length ?? 0,
              provider: providerOf(connection),
            })}
          </p>
          <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
            {asking?.rows.map((r) => (
              <li key={r.key}>
                <FileName name={r.file.name} />
              </li>
            ))}
          </ul>
        </>
      }
      cancelLabel={t("common.cancel")}
      actionLabel={t(asking?.again ? "outbox.confirm.again" : "outbox.confirm.send")}
      onAction={() => asking && onSend(asking)}
      returnFocus={returnFocus}
    />
  );
}

/**
 * Choosing and sending: the optional document type and version, the customer number (preset from
 * the connection), the files, and the question before anything leaves. Cancelling keeps the
 * selection; confirming sends the files one after another.
 */
export function SendPanel({ connection, maxBytes }: { connection: Connection; maxBytes: number | null }) {
  const t = useT();
  const { locale } = useDisplay();
  const [fields, setFields] = useState({ doctype: "", doctypeversion: "", kd: connection.customerNumber ?? "" });
  const [asking, setAsking] = useState<Asking | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const { rows, add, remove, clearFinished, send, busy, announce } = useOutboxSend(connection.id, maxBytes);
  const ready = rows.filter((r) => r.phase === "ready");
  const limit = maxBytes === null ? "" : ` ${t("outbox.limit", { max: formatBytes(maxBytes, locale) })}`;
  const tooLong = (v: string) => (v.length > 64 ? t("outbox.tooLong") : undefined);

  return (
    <section aria-labelledby="outbox-send" className="flex flex-col gap-4">
      <h2 id="outbox-send" className="text-lg font-semibold">
        {t("outbox.send.title")}
      </h2>
      <SendFieldInputs fields={fields} onChange={setFields} tooLong={tooLong} />
      <DropZone onFiles={add} hint={`${t("outbox.pickHint")}${limit}`} disabled={busy} />
      {rows.length > 0 && (
        <FileList
          rows={rows}
          maxBytes={maxBytes}
          busy={busy}
          ref={list}
          onRemove={remove}
          onAgain={(row) => setAsking({ rows: [row], again: true })}
        />
      )}
      <StatusLine>{announce}</StatusLine>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => setAsking({ rows: ready, again: false })}
          disabled={
            busy || ready.length === 0 || [fields.doctype, fields.doctypeversion, fields.kd].some((v) => tooLong(v))
          }
        >
          {t(ready.length === 0 ? "outbox.sendNone" : ready.length === 1 ? "outbox.sendOne" : "outbox.sendMany", {
            n: ready.length,
          })}
        </Button>
        {rows.length > ready.length && (
          <Button variant="secondary" onClick={clearFinished} disabled={busy}>
            {t("outbox.clear")}
          </Button>
        )}
      </div>
      <SendQuestion
        asking={asking}
        connection={connection}
        onClose={() => setAsking(null)}
        onSend={(a) => void send(a.rows, fields, a.again)}
        returnFocus={list}
      />
    </section>
  );
}
