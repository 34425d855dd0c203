"use client";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import type { PDFDocumentProxy, RenderTask, TextLayer } from "pdfjs-dist";
import { useT } from "@/lib/i18n/client";
import type { Pdfjs } from "./use-pdf-document";
import "./pdf-viewer.css";

export type Zoom = number | "fit";
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
export const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

type Drawing = {
  pdfjs: Pdfjs;
  doc: PDFDocumentProxy;
  pageNumber: number;
  zoom: Zoom;
  /** The width there is for the page (CSS pixels), for "fit to width". */
  width: number;
  onScale: (scale: number) => void;
};

/**
 * Draws a page to the canvas at the device's pixel ratio and lays pdf.js's text layer over it. A
 * new page or zoom cancels the drawing under way; the page's size (CSS pixels) and the state come back.
 */
function usePageDrawing({ pdfjs, doc, pageNumber, zoom, width, onScale }: Drawing) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number; scale: number } | null>(null);
  const [state, setState] = useState<"drawing" | "done" | "failed">("drawing");
  useEffect(() => {
    if (zoom === "fit" && width <= 0) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    (async () => {
      setState("drawing");
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const scale = zoom === "fit" ? clampScale(width / page.getViewport({ scale: 1 }).width) : zoom;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const canvas = canvasRef.current!;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      setSize({ width: Math.floor(viewport.width), height: Math.floor(viewport.height), scale });
      onScale(scale);
      task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise;
      if (cancelled) return;
      const container = textRef.current!;
      container.replaceChildren();
      textLayer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container, viewport });
      await textLayer.render();
      if (!cancelled) setState("done");
    })().catch((err: unknown) => {
      if (
        cancelled ||
        (err instanceof Error && (err.name === "RenderingCancelledException" || err.name === "AbortException"))
      )
        return;
      setState("failed");
    });
    return () => {
      cancelled = true;
      task?.cancel();
      textLayer?.cancel();
    };
  }, [pdfjs, doc, pageNumber, zoom, width, onScale]);

  return { canvasRef, textRef, size, state };
}

/**
 * One page: drawn to a canvas, with pdf.js's text layer over it (the text is selectable and read
 * by screen readers).
 */
export function PdfPage(props: Drawing & { filename: string }) {
  const t = useT();
  const { doc, pageNumber } = props;
  const { canvasRef, textRef, size, state } = usePageDrawing(props);
  const pages = doc.numPages;
  return (
    <div className="flex flex-col items-center gap-2">
      <p role="status" className="sr-only">
        {state === "drawing" ? t("viewer.pdf.rendering") : ""}
      </p>
      {state === "failed" && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("viewer.pdf.renderFailed")}
        </p>
      )}
      <div
        role="group"
        aria-label={t("viewer.pdf.page", { page: pageNumber, pages })}
        className="pdf-page relative bg-white shadow"
        style={
          size
            ? ({ width: size.width, height: size.height, "--total-scale-factor": size.scale } as CSSProperties)
            : undefined
        }
        data-testid="pdf-page"
        data-state={state}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t("viewer.pdf.pageImage", { filename: props.filename, page: pageNumber, pages })}
          className="absolute inset-0 block"
          style={size ? { width: size.width, height: size.height } : undefined}
        />
        <div ref={textRef} className="textLayer" />
      </div>
    </div>
  );
}
