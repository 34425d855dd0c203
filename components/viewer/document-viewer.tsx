"use client";
import { useQuery } from "@tanstack/react-query";
import { HttpError } from "@/lib/client/fetch-json";
import { useT } from "@/lib/i18n/client";
import { DownloadLink } from "./download-link";
import { fileQuery } from "./file-query";
import { kindOf } from "./file-kind";
import type { ViewerProps } from "./viewer-props";
import { PdfViewer } from "./pdf-viewer";
import { ViewerError } from "./viewer-error";
import { ZipViewer } from "./zip-viewer";

/**
 * The document viewer: fetches the bytes once from the project's own route, then shows a PDF
 * (pdf.js, loaded only then), the entries of a ZIP file, or a download link for anything else.
 * A file of unknown type (no `mimetype`) is fetched all the same and told by its bytes.
 */
export function DocumentViewer(props: ViewerProps) {
  const t = useT();
  if (props.mimetype && kindOf(props.mimetype, props.filename) === "other") {
    return (
      <div className="flex flex-col items-start gap-3 rounded border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-800">{t("viewer.other")}</p>
        <DownloadLink href={props.src} filename={props.filename} />
      </div>
    );
  }
  return <FetchedViewer {...props} />;
}

function FetchedViewer({ src, mimetype, filename }: ViewerProps) {
  const t = useT();
  const file = useQuery(fileQuery(src));
  if (file.isPending) {
    return (
      <p role="status" className="p-4 text-sm text-slate-700">
        {t("viewer.loading")}
      </p>
    );
  }
  if (file.isError) {
    const refused = file.error instanceof HttpError;
    const reason = refused && file.error.message ? file.error.message : null;
    const lasting = refused && (file.error as HttpError).status < 500;
    return (
      <ViewerError
        message={reason ? t("viewer.errorReason", { reason }) : t("viewer.error")}
        // The route refused: downloading would get the same answer, and a 4xx stays a 4xx.
        download={refused ? undefined : { src, filename }}
        onRetry={lasting ? undefined : () => void file.refetch()}
      />
    );
  }
  const kind = kindOf(mimetype, filename, file.data.bytes.subarray(0, 8));
  if (kind === "pdf") return <PdfViewer bytes={file.data.bytes} src={src} filename={filename} />;
  if (kind === "zip") return <ZipViewer bytes={file.data.bytes} src={src} filename={filename} />;
  return (
    <div className="flex flex-col items-start gap-3 rounded border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-800">{t("viewer.other")}</p>
      <DownloadLink href={src} filename={filename} />
    </div>
  );
}
