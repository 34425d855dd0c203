"use client";
import { FileName, NamingFile } from "@/components/ui/file-name";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Table, Td, Th } from "@/components/ui/table";
import { formatBytes, formatDateTime } from "@/lib/format";
import { useDisplay, useLocale, useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { DownloadLink } from "./download-link";
import { ViewerError } from "./viewer-error";
import { extractZipEntry, isTextEntry, listZipEntries, ZipError, type ZipEntry } from "./zip-entries";

/** How much of a text entry the preview shows; the rest is a download away. */
const PREVIEW_BYTES = 256 * 1024;

function saveEntry(entry: ZipEntry, bytes: Uint8Array<ArrayBuffer>) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = entry.name.split("/").pop() || "entry";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

const problemKey = (err: unknown): MessageKey =>
  err instanceof ZipError
    ? (
        {
          invalid: "viewer.zip.invalid",
          unsupported: "viewer.zip.unsupported",
          tooLarge: "viewer.zip.tooLarge",
        } as const
      )[err.reason]
    : "viewer.zip.invalid";

function Preview({ entry, bytes, onClose }: { entry: ZipEntry; bytes: Uint8Array; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [entry]);
  const text = useMemo(() => new TextDecoder("utf-8").decode(bytes.subarray(0, PREVIEW_BYTES)), [bytes]);
  const id = `zip-preview-${entry.offset}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} ref={headingRef} tabIndex={-1} className="font-semibold text-slate-900">
          {t("viewer.zip.previewOf", { name: entry.name })}
        </h3>
        <Button variant="secondary" type="button" onClick={onClose}>
          {t("viewer.zip.closePreview")}
        </Button>
      </div>
      {bytes.byteLength > PREVIEW_BYTES && (
        <p className="text-sm text-slate-700">
          {t("viewer.zip.truncated", {
            shown: formatBytes(PREVIEW_BYTES, locale),
            total: formatBytes(bytes.byteLength, locale),
          })}
        </p>
      )}
      <pre
        tabIndex={0}
        aria-label={t("viewer.zip.previewOf", { name: entry.name })}
        className="max-h-[60vh] overflow-auto whitespace-pre rounded bg-slate-50 p-3 font-mono text-xs text-slate-900"
        data-testid="zip-preview"
      >
        {text}
      </pre>
    </section>
  );
}

/** One entry: name, size, date, and for a file "preview" (text entries) and "download". */
function EntryRow({
  entry,
  previewing,
  onPreview,
  onDownload,
}: {
  entry: ZipEntry;
  previewing: boolean;
  onPreview: () => void;
  onDownload: () => void;
}) {
  const t = useT();
  const display = useDisplay();
  return (
    <tr>
      <Td className="font-mono text-xs">
        <FileName name={entry.name} />
      </Td>
      <Td className="whitespace-nowrap text-right">
        {entry.isDirectory ? t("viewer.zip.folder") : formatBytes(entry.size, display.locale)}
      </Td>
      <Td className="whitespace-nowrap">
        {entry.modified ? formatDateTime(entry.modified, display, { wallTime: true }) : "–"}
      </Td>
      <Td>
        {!entry.isDirectory && (
          <div className="flex flex-wrap gap-2">
            {isTextEntry(entry.name) && (
              <Button
                variant="secondary"
                type="button"
                aria-label={t("viewer.zip.previewOf", { name: entry.name })}
                aria-expanded={previewing}
                onClick={onPreview}
              >
                {t("viewer.zip.preview")}
              </Button>
            )}
            <Button
              variant="secondary"
              type="button"
              aria-label={t("viewer.zip.downloadEntry", { name: entry.name })}
              onClick={onDownload}
            >
              {t("viewer.download")}
            </Button>
          </div>
        )}
      </Td>
    </tr>
  );
}

/** The entries of a ZIP file (name, size, date), unpacked in the browser; text entries can be previewed. */
export function ZipViewer({ bytes, src, filename }: { bytes: Uint8Array; src: string; filename: string }) {
  const t = useT();
  const locale = useLocale();
  const listed = useMemo(() => {
    try {
      return { entries: listZipEntries(bytes) };
    } catch (err) {
      return { error: problemKey(err) };
    }
  }, [bytes]);
  const [preview, setPreview] = useState<{ entry: ZipEntry; bytes: Uint8Array } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!listed.entries) return <ViewerError message={t(listed.error)} download={{ src, filename }} />;

  function unpack(entry: ZipEntry): Uint8Array<ArrayBuffer> | null {
    try {
      setProblem(null);
      return extractZipEntry(bytes, entry);
    } catch (err) {
      setProblem(`${entry.name}: ${t(problemKey(err), { size: formatBytes(entry.size, locale) })}`);
      return null;
    }
  }

  const files = listed.entries;
  return (
    <div className="flex flex-col gap-3" data-testid="zip-viewer">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <DownloadLink href={src} filename={filename} compact />
      </div>
      {files.length === 0 ? (
        <p className="text-sm text-slate-700">{t("viewer.zip.empty")}</p>
      ) : (
        <Table
          caption={
            <NamingFile
              words={(name) => t("viewer.zip.caption", { filename: name, count: files.length })}
              name={filename}
            />
          }
        >
          <thead>
            <tr>
              <Th>{t("viewer.zip.name")}</Th>
              <Th className="text-right">{t("viewer.zip.size")}</Th>
              <Th>{t("viewer.zip.modified")}</Th>
              <Th>{t("viewer.zip.actions")}</Th>
            </tr>
          </thead>
          <tbody>
            {files.map((entry) => (
              <EntryRow
                key={`${entry.offset}-${entry.name}`}
                entry={entry}
                previewing={preview?.entry === entry}
                onPreview={() => {
                  const data = unpack(entry);
                  setPreview(data ? { entry, bytes: data } : null);
                }}
                onDownload={() => {
                  const data = unpack(entry);
                  if (data) saveEntry(entry, data);
                }}
              />
            ))}
          </tbody>
        </Table>
      )}
      <div role="alert">
        {problem && <p className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">{problem}</p>}
      </div>
      {preview && <Preview entry={preview.entry} bytes={preview.bytes} onClose={() => setPreview(null)} />}
    </div>
  );
}
