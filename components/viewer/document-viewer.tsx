"use client";
import { useT } from "@/lib/i18n/client";
import type { ViewerProps } from "./lazy-viewer";

/** Placeholder until the PDF and ZIP viewers land: offers the file for download. */
export function DocumentViewer({ src, filename }: ViewerProps) {
  const t = useT();
  return (
    <a className="text-blue-800 underline" href={src} download={filename}>
      {t("viewer.download")}
    </a>
  );
}
