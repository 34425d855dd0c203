import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A data table with a caption (visible or for screen readers) and header cells with scope.
 * `scrollLabel`: a table wider than a phone scrolls in its own region, which the keyboard can
 * reach and a screen reader names. `cards`: below `md` its rows lay themselves out as cards
 * (the rows' cells place themselves; the head is left to screen readers).
 */
export function Table(props: {
  /** Words, or words with a file name in them (NamingFile, components/ui/file-name.tsx). */
  caption: ReactNode;
  captionHidden?: boolean;
  scrollLabel?: string;
  cards?: boolean;
  children: ReactNode;
}) {
  const { caption, captionHidden, scrollLabel, children } = props;
  const region = scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {};
  return (
    <div
      {...region}
      className="relative overflow-x-auto rounded border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <table className={`w-full border-collapse text-left text-sm ${props.cards ? "max-md:block" : ""}`}>
        {/* A table of cards is a block below `md`: its caption too, else it is as narrow as a table of no columns. */}
        <caption
          className={
            captionHidden
              ? "sr-only"
              : `px-3 py-2 text-left font-medium text-slate-900 ${props.cards ? "max-md:block" : ""}`
          }
        >
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      {...props}
      className={`border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-900 ${className}`}
    />
  );
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} className={`border-b border-slate-100 px-3 py-2 align-top text-slate-800 ${className}`} />;
}
