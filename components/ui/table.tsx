import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/** A data table with a caption (visible or for screen readers) and header cells with scope. */
export function Table({ caption, captionHidden, children }: { caption: string; captionHidden?: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className={captionHidden ? "sr-only" : "px-3 py-2 text-left font-medium text-slate-900"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...props} className={`border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-900 ${className}`} />;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} className={`border-b border-slate-100 px-3 py-2 align-top text-slate-800 ${className}`} />;
}
