"use client";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";

/** The providers' type codes a manager meets in the inbox, each with its words. */
const EXPLAINED: Record<string, MessageKey> = { "UVI-E": "inbox.doctype.uviE" };

/**
 * A document's type as the provider names it ("UVI-E 1.0"); a known code is explained: on hover (`<abbr>`) and in
 * the words a screen reader reads.
 */
export function DocType({ doctype }: { doctype: string }) {
  const t = useT();
  const [code, ...rest] = doctype.split(" ");
  const key = code ? EXPLAINED[code] : undefined;
  if (!key) return <>{doctype || "—"}</>;
  return (
    <>
      <abbr title={t(key)} className="cursor-help no-underline decoration-dotted underline-offset-2 hover:underline">
        {code}
      </abbr>
      {rest.length > 0 && ` ${rest.join(" ")}`}
      <span className="sr-only"> ({t(key)})</span>
    </>
  );
}
