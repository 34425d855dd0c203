"use client";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";

const KEYS: [string[], MessageKey][] = [
  [["j"], "inbox.keys.next"],
  [["k"], "inbox.keys.prev"],
  [["o", "Enter"], "inbox.keys.open"],
  [["x"], "inbox.keys.select"],
  [["c"], "inbox.keys.confirm"],
  [["Esc"], "inbox.keys.close"],
  [["?"], "inbox.keys.help"],
];

/** The keyboard shortcuts of the inbox, opened with `?`: rendered only while open (lazy-parts.tsx). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("inbox.keys.title")}
      description={t("inbox.keys.intro")}
      closeLabel={t("common.close")}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {KEYS.map(([keys, label]) => (
          <div key={label} className="contents">
            <dt className="flex items-start gap-1">
              {keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-900"
                >
                  {k}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-800">{t(label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
