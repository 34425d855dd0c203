"use client";
import { useEffect, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";

export type Pdfjs = typeof import("pdfjs-dist");
type Loaded =
  | { status: "loading" }
  | { status: "ready"; pdfjs: Pdfjs; doc: PDFDocumentProxy }
  | { status: "error"; reason: "invalid" | "password" };

/** pdf.js, loaded on first use, with its worker and fonts from the app's own route (app/pdfjs). */
async function loadPdfjs(): Promise<Pdfjs> {
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc = `/pdfjs/${pdfjs.version}/pdf.worker.min.mjs`;
  return pdfjs;
}

/** Opens the PDF in the worker; the document is destroyed (worker memory freed) on change or unmount. */
export function usePdfDocument(bytes: Uint8Array): Loaded {
  // Tied to the bytes it belongs to, so new bytes read as "loading" without a reset in the effect.
  const [state, setState] = useState<{ bytes: Uint8Array; loaded: Loaded } | null>(null);
  useEffect(() => {
    let task: ReturnType<Pdfjs["getDocument"]> | null = null;
    let cancelled = false;
    loadPdfjs()
      .then(async (pdfjs) => {
        if (cancelled) return;
        task = pdfjs.getDocument({
          // A copy: pdf.js transfers its buffer to the worker, and the query cache keeps the original.
          data: bytes.slice(),
          // The page CSP has no 'unsafe-eval'.
          isEvalSupported: false,
          standardFontDataUrl: `/pdfjs/${pdfjs.version}/standard_fonts/`,
        });
        const doc = await task.promise;
        if (!cancelled) setState({ bytes, loaded: { status: "ready", pdfjs, doc } });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const name = err instanceof Error ? err.name : "";
        setState({ bytes, loaded: { status: "error", reason: name === "PasswordException" ? "password" : "invalid" } });
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [bytes]);
  return state?.bytes === bytes ? state.loaded : { status: "loading" };
}
