"use client";
import { FileName } from "@/components/ui/file-name";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes, formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { OutboxStateBadge, OutboxStatusText } from "./outbox-state";
import type { FileRow } from "./use-outbox-send";

/** A row's outcome in words (never colour alone), and the one repeat a 409 offers. */
function RowOutcome({
  row,
  maxBytes,
  onAgain,
  busy,
}: {
  row: FileRow;
  maxBytes: number | null;
  onAgain: () => void;
  busy: boolean;
}) {
  const t = useT();
  const display = useDisplay();
  const size = (n: number) => formatBytes(n, display.locale);
  switch (row.phase) {
    case "ready":
      return <p className="text-sm text-slate-700">{t("outbox.row.ready")}</p>;
    case "tooLarge":
      return <p className="text-sm text-red-800">{t("outbox.row.tooLarge", { max: size(maxBytes ?? 0) })}</p>;
    case "uploading":
    case "waiting": {
      const text =
        row.phase === "waiting"
          ? t("outbox.row.waiting")
          : t("outbox.row.uploading", { sent: size(row.loaded), size: size(row.file.size) });
      return (
        <ProgressBar
          label={t("outbox.row.progress", { name: row.file.name })}
          value={row.loaded}
          max={row.file.size}
          text={text}
        />
      );
    }
    case "done":
      return (
        <div className="flex flex-col gap-1">
          <p className="text-sm">
            <OutboxStateBadge state={row.item!.state} />
          </p>
          <OutboxStatusText item={row.item!} />
        </div>
      );
    case "already": {
      const previous = row.previous;
      return (
        <div className="flex flex-col items-start gap-2 text-sm text-amber-900">
          <p>
            {previous
              ? t("outbox.row.already", {
                  when: formatDateTime(previous.sentAt, display),
                  who: previous.sentBy ?? t("outbox.someone"),
                })
              : row.message}
          </p>
          {previous && (
            <div className="flex flex-wrap items-center gap-2">
              <OutboxStateBadge state={previous.state} />
              <OutboxStatusText item={previous} />
            </div>
          )}
          <Button variant="secondary" onClick={onAgain} disabled={busy}>
            {t("outbox.again")}
          </Button>
        </div>
      );
    }
    case "refused":
      return <p className="text-sm text-red-800">{t("outbox.row.refused", { reason: row.message ?? "" })}</p>;
    case "lost":
      return <p className="text-sm text-amber-900">{t("outbox.row.lost")}</p>;
  }
}

/**
 * The chosen files, each with its name, size, progress and outcome. The list takes focus when the
 * question before sending closes: the button that asked is disabled or gone while files are sent,
 * and focus on the body would send a keyboard user back to the top of the page.
 */
export function FileList({
  ref,
  ...props
}: {
  rows: FileRow[];
  maxBytes: number | null;
  busy: boolean;
  ref: Ref<HTMLUListElement>;
  onRemove: (key: string) => void;
  onAgain: (row: FileRow) => void;
}) {
  const t = useT();
  const { locale } = useDisplay();
  return (
    <ul
      ref={ref}
      tabIndex={-1}
      aria-label={t("outbox.files")}
      className="flex flex-col divide-y divide-slate-200 rounded border border-slate-200 bg-white"
    >
      {props.rows.map((row) => (
        <li
          key={row.key}
          className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between"
          data-testid="outbox-file"
        >
          <div className="min-w-0 sm:w-2/5">
            <p className="font-medium">
              <FileName name={row.file.name} />
            </p>
            <p className="text-xs text-slate-600">{formatBytes(row.file.size, locale)}</p>
          </div>
          <div className="min-w-0 flex-1">
            <RowOutcome row={row} maxBytes={props.maxBytes} busy={props.busy} onAgain={() => props.onAgain(row)} />
          </div>
          {(row.phase === "ready" || row.phase === "tooLarge") && (
            <Button
              variant="secondary"
              onClick={() => props.onRemove(row.key)}
              disabled={props.busy}
              aria-label={t("outbox.removeNamed", { name: row.file.name })}
            >
              {t("outbox.remove")}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
