"use client";
import { useRef, useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { TextField } from "@/components/ui/text-field";
import type { Connection } from "@/lib/client/types";
import { formatBytes } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { DropZone } from "./drop-zone";
import { FileList } from "./file-list";
import { useOutboxSend, type FileRow } from "./use-outbox-send";

/** The provider in words for the question before sending: the connection's name and host. */
const providerOf = (connection: Connection) => {
  try {
    return `„${connection.name}“ (${new URL(connection.baseUrl).host})`;
  } catch {
    return `„${connection.name}“`;
  }
};

/**
 * Choosing and sending: the optional document type and version, the customer number (preset from
 * the connection), the files, and the question before anything leaves. Cancelling keeps the
 * selection; confirming sends the files one after another.
 */
export function SendPanel({ connection, maxBytes }: { connection: Connection; maxBytes: number | null }) {
  const t = useT();
  const { locale } = useDisplay();
  const [fields, setFields] = useState({ doctype: "", doctypeversion: "", kd: connection.customerNumber ?? "" });
  const [asking, setAsking] = useState<{ rows: FileRow[]; again: boolean } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const { rows, add, remove, clearFinished, send, busy, announce } = useOutboxSend(connection.id, maxBytes);
  const ready = rows.filter((r) => r.phase === "ready");
  const field = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const limit = maxBytes === null ? "" : ` ${t("outbox.limit", { max: formatBytes(maxBytes, locale) })}`;
  const tooLong = (v: string) => (v.length > 64 ? t("outbox.tooLong") : undefined);

  return (
    <section aria-labelledby="outbox-send" className="flex flex-col gap-4">
      <h2 id="outbox-send" className="text-lg font-semibold">
        {t("outbox.send.title")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t("outbox.doctype")} hint={t("outbox.optional")} value={fields.doctype} onChange={field("doctype")} error={tooLong(fields.doctype)} />
        <TextField
          label={t("outbox.doctypeversion")}
          hint={t("outbox.optional")}
          value={fields.doctypeversion}
          onChange={field("doctypeversion")}
          error={tooLong(fields.doctypeversion)}
        />
        <TextField label={t("outbox.kd")} hint={t("outbox.kdHint")} value={fields.kd} onChange={field("kd")} error={tooLong(fields.kd)} />
      </div>
      <DropZone onFiles={add} hint={`${t("outbox.pickHint")}${limit}`} disabled={busy} />
      {rows.length > 0 && (
        <FileList rows={rows} maxBytes={maxBytes} busy={busy} ref={list} onRemove={remove} onAgain={(row) => setAsking({ rows: [row], again: true })} />
      )}
      <StatusLine>{announce}</StatusLine>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => setAsking({ rows: ready, again: false })}
          disabled={busy || ready.length === 0 || [fields.doctype, fields.doctypeversion, fields.kd].some((v) => tooLong(v))}
        >
          {t(ready.length === 0 ? "outbox.sendNone" : ready.length === 1 ? "outbox.sendOne" : "outbox.sendMany", { n: ready.length })}
        </Button>
        {rows.length > ready.length && (
          <Button variant="secondary" onClick={clearFinished} disabled={busy}>
            {t("outbox.clear")}
          </Button>
        )}
      </div>
      <AlertDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t(asking?.again ? "outbox.confirm.againTitle" : "outbox.confirm.title")}
        description={
          <>
            <p>
              {t(asking?.rows.length === 1 ? "outbox.confirm.one" : "outbox.confirm.many", { n: asking?.rows.length ?? 0, provider: providerOf(connection) })}
            </p>
            <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
              {asking?.rows.map((r) => (
                <li key={r.key}>{r.file.name}</li>
              ))}
            </ul>
          </>
        }
        cancelLabel={t("common.cancel")}
        actionLabel={t(asking?.again ? "outbox.confirm.again" : "outbox.confirm.send")}
        onAction={() => asking && void send(asking.rows, fields, asking.again)}
        returnFocus={list}
      />
    </section>
  );
}
