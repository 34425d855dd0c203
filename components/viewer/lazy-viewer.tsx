"use client";
import dynamic from "next/dynamic";
import { useT } from "@/lib/i18n/client";
import type { ViewerProps } from "./viewer-props";

export type { ViewerProps };

function Loading() {
  const t = useT();
  return (
    <p role="status" className="p-4 text-sm text-slate-700">
      {t("viewer.loading")}
    </p>
  );
}

/** The viewer as a lazy, client-only island: the inbox does not load pdf.js until a document opens. */
export const LazyDocumentViewer = dynamic<ViewerProps>(
  () => import("./document-viewer").then((m) => m.DocumentViewer),
  {
    ssr: false,
    loading: Loading,
  },
);
