"use client";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useT } from "@/lib/i18n/client";
import { DownloadLink } from "./download-link";
import { clampScale, PdfPage, type Zoom } from "./pdf-page";
import { usePdfDocument } from "./use-pdf-document";
import { ViewerError } from "./viewer-error";

const STEP = 1.25;
// The page's frame inside the scroll area: padding on both sides.
const GUTTER = 32;

function ToolButton(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
      className="inline-flex h-9 min-w-9 items-center justify-center rounded border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900"
    >
      <span aria-hidden="true">{props.children}</span>
    </button>
  );
}

/**
 * The width a page may take in the scroll area, for "fit to width". The area exists only once the
 * document is loaded, so the observer starts again when the status changes.
 */
function useFrameWidth(status: ReturnType<typeof usePdfDocument>["status"]) {
  const [width, setWidth] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Rounded, so a scroll bar appearing or a pixel of layout does not redraw the page.
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.floor(((entry?.contentRect.width ?? 0) - GUTTER) / 8) * 8),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [status]);
  return { scrollRef, width };
}

/** The viewer's toolbar: previous and next page, zoom out and in, fit to width, download. */
function PdfToolbar(props: {
  filename: string;
  src: string;
  page: number;
  pages: number;
  scale: number;
  zoom: Zoom;
  onPage: (page: number) => void;
  onZoom: (zoom: Zoom) => void;
}) {
  const t = useT();
  const { filename, src, page, pages, scale, zoom, onPage, onZoom } = props;
  return (
    <div
      role="group"
      aria-label={t("viewer.pdf.toolbar", { filename })}
      className="flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-white p-2"
    >
      <ToolButton label={t("viewer.pdf.prev")} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ◀
      </ToolButton>
      <p aria-live="polite" className="min-w-28 text-center text-sm text-slate-800" data-testid="pdf-page-of">
        {t("viewer.pdf.pageOf", { page, pages })}
      </p>
      <ToolButton label={t("viewer.pdf.next")} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        ▶
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
      <ToolButton
        label={t("viewer.pdf.zoomOut")}
        disabled={scale <= 0.26}
        onClick={() => onZoom(clampScale(scale / STEP))}
      >
        −
      </ToolButton>
      <p className="min-w-20 text-center text-sm text-slate-800" data-testid="pdf-zoom">
        {t("viewer.pdf.zoom", { percent: Math.round(scale * 100) })}
      </p>
      <ToolButton
        label={t("viewer.pdf.zoomIn")}
        disabled={scale >= 3.99}
        onClick={() => onZoom(clampScale(scale * STEP))}
      >
        +
      </ToolButton>
      <ToolButton label={t("viewer.pdf.fitWidth")} pressed={zoom === "fit"} onClick={() => onZoom("fit")}>
        ↔
      </ToolButton>
      <span className="flex-1" />
      <DownloadLink href={src} filename={filename} compact />
    </div>
  );
}

/** A PDF: one page at a time, with page navigation, zoom, fit to width and download. */
export function PdfViewer({ bytes, src, filename }: { bytes: Uint8Array; src: string; filename: string }) {
  const t = useT();
  const loaded = usePdfDocument(bytes);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [scale, setScale] = useState(1);
  const { scrollRef, width } = useFrameWidth(loaded.status);

  const onScale = useCallback((s: number) => setScale(s), []);

  if (loaded.status === "loading") {
    return (
      <p role="status" className="p-4 text-sm text-slate-700">
        {t("viewer.loading")}
      </p>
    );
  }
  if (loaded.status === "error") {
    return (
      <ViewerError
        message={t(loaded.reason === "password" ? "viewer.pdf.password" : "viewer.pdf.invalid")}
        download={{ src, filename }}
      />
    );
  }

  const pages = loaded.doc.numPages;
  const page = Math.min(pageNumber, pages);
  return (
    <div className="flex flex-col gap-2" data-testid="pdf-viewer">
      <PdfToolbar
        filename={filename}
        src={src}
        page={page}
        pages={pages}
        scale={scale}
        zoom={zoom}
        onPage={setPageNumber}
        onZoom={setZoom}
      />
      {/* Not named by the file name alone: the inbox's pane around it is a region of that name. */}
      <div
        ref={scrollRef}
        tabIndex={0}
        aria-label={t("viewer.pdf.pages", { filename })}
        role="region"
        className="max-h-[80vh] overflow-auto rounded bg-slate-200 p-4"
      >
        <PdfPage
          pdfjs={loaded.pdfjs}
          doc={loaded.doc}
          pageNumber={page}
          zoom={zoom}
          width={width}
          filename={filename}
          onScale={onScale}
        />
      </div>
    </div>
  );
}
