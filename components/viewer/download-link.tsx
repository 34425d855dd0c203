"use client";
import { useT } from "@/lib/i18n/client";

/** The file from the project's route (which sends it as an attachment); its name completes the accessible label. */
export function DownloadLink({ href, filename, compact }: { href: string; filename: string; compact?: boolean }) {
  const t = useT();
  return (
    <a
      href={href}
      download={filename}
      aria-label={t("viewer.downloadNamed", { filename })}
      className={`inline-flex items-center gap-1 rounded border border-slate-300 bg-white font-medium text-blue-800 hover:bg-slate-100 ${compact ? "px-2 py-1 text-sm" : "px-3 py-2 text-sm"}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M8 2v8M4.5 6.5 8 10l3.5-3.5M3 13.5h10" />
      </svg>
      {t("viewer.download")}
    </a>
  );
}
