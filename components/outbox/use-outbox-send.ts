"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { outboxKeys, outboxUrl, postForm, type OutboxItem, type UploadAnswer } from "@/lib/outbox/client";
import type { ErrorCode } from "@/lib/errors";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";

/**
 * A chosen file on its way: `ready` until sent, `tooLarge` when the client already knows the
 * server's limit refuses it, `uploading` with the bytes sent, `waiting` for the provider's answer,
 * then one outcome: `done` (the server's item: sent, failed or unknown), `already` (409: sent
 * before, with the earlier item), `refused` (the server said no: 413, 400 …) or `lost` (no answer
 * came: whether the server sent it shows in the list of sent items).
 */
export type FileRow = {
  key: string;
  file: File;
  phase: "ready" | "tooLarge" | "uploading" | "waiting" | "done" | "already" | "refused" | "lost";
  loaded: number;
  item?: OutboxItem;
  previous?: OutboxItem;
  message?: string;
};

export type SendFields = { doctype: string; doctypeversion: string; kd: string };

type ErrorBody = {
  error?: ErrorCode;
  message?: string;
  previous?: OutboxItem;
  fields?: { path: string; message: string }[];
};

/** What the server's answer makes of a row. */
function outcome(answer: UploadAnswer, tooLarge: string): Partial<FileRow> {
  const body = (answer.body ?? {}) as ErrorBody;
  if (answer.status === 201) return { phase: "done", item: answer.body as OutboxItem };
  if (answer.status === 409 && body.error === "already_sent")
    return { phase: "already", previous: body.previous, message: body.message };
  const fields = body.fields?.map((f) => f.message).join(" ");
  const message = [body.message ?? (answer.status === 413 ? tooLarge : undefined), fields].filter(Boolean).join(" ");
  return { phase: "refused", message: message || `HTTP ${answer.status}` };
}

function formOf(file: File, fields: SendFields): FormData {
  const form = new FormData();
  // Fields before the file: the server reads the stream in order and knows them before the bytes.
  for (const [name, value] of Object.entries(fields)) if (value.trim()) form.append(name, value.trim());
  form.append("file", file, file.name);
  return form;
}

/** The chosen files: added (those the server's limit refuses marked so), changed, removed. */
function useFileRows(maxBytes: number | null) {
  const [rows, setRows] = useState<FileRow[]>([]);
  const counter = useRef(0);

  const patch = useCallback(
    (key: string, change: Partial<FileRow>) =>
      setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r))),
    [],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file): FileRow => {
        counter.current += 1;
        const phase = maxBytes !== null && file.size > maxBytes ? "tooLarge" : "ready";
        return { key: `f${counter.current}`, file, phase, loaded: 0 };
      });
      setRows((all) => [...all, ...added]);
    },
    [maxBytes],
  );

  const remove = useCallback((key: string) => setRows((all) => all.filter((r) => r.key !== key)), []);
  const clearFinished = useCallback(
    () => setRows((all) => all.filter((r) => r.phase === "ready" || r.phase === "tooLarge")),
    [],
  );

  return { rows, patch, add, remove, clearFinished };
}

/** The announcement of a row's outcome: the item's state, "sent before", or refused. */
function saidOf(change: Partial<FileRow>): MessageKey {
  return change.item
    ? (`outbox.announce.${change.item.state}` as const)
    : change.phase === "already"
      ? "outbox.announce.already"
      : "outbox.announce.refused";
}

/**
 * The chosen files and their sending: one after another, each attempted exactly once (a
 * repeat is the person's explicit choice, `again`). `announce` is the text of the polite live
 * region: each file's start, every quarter of its upload, and its outcome.
 */
export function useOutboxSend(connectionId: string, maxBytes: number | null) {
  const t = useT();
  const client = useQueryClient();
  const { rows, patch, add, remove, clearFinished } = useFileRows(maxBytes);
  const [announce, setAnnounce] = useState("");
  const [busy, setBusy] = useState(false);

  const sendOne = useCallback(
    async (row: FileRow, fields: SendFields, again: boolean, position: string) => {
      const name = row.file.name;
      patch(row.key, { phase: "uploading", loaded: 0, message: undefined, item: undefined, previous: undefined });
      setAnnounce(t("outbox.announce.start", { name, position }));
      let quarter = 0;
      const onProgress = (loaded: number, total: number) => {
        patch(row.key, { loaded, phase: total > 0 && loaded >= total ? "waiting" : "uploading" });
        const reached = total > 0 ? Math.floor((loaded / total) * 4) : 0;
        if (reached > quarter && reached < 4) setAnnounce(t("outbox.announce.progress", { name, pct: reached * 25 }));
        quarter = Math.max(quarter, reached);
      };
      try {
        const answer = await postForm(
          `${outboxUrl(connectionId)}${again ? "?again=1" : ""}`,
          formOf(row.file, fields),
          onProgress,
        );
        const change = outcome(answer, t("outbox.tooLargeServer", { name }));
        patch(row.key, change);
        setAnnounce(t(saidOf(change), { name }));
      } catch {
        patch(row.key, { phase: "lost" });
        setAnnounce(t("outbox.announce.lost", { name }));
      }
    },
    [connectionId, patch, t],
  );

  /** Sends the rows named, in order; the list of sent items is refreshed after each. */
  const send = useCallback(
    async (targets: FileRow[], fields: SendFields, again = false) => {
      setBusy(true);
      try {
        for (const [i, row] of targets.entries()) {
          await sendOne(row, fields, again, t("outbox.position", { n: i + 1, of: targets.length }));
          await client.invalidateQueries({ queryKey: outboxKeys.all });
        }
      } finally {
        setBusy(false);
      }
    },
    [client, sendOne, t],
  );

  return { rows, add, remove, clearFinished, send, busy, announce };
}
