import type { ReactNode } from "react";

const tones = {
  neutral: "border-slate-300 bg-slate-100 text-slate-800",
  info: "border-blue-300 bg-blue-50 text-blue-900",
  success: "border-green-300 bg-green-50 text-green-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  danger: "border-red-300 bg-red-50 text-red-900",
} as const;
export type BadgeTone = keyof typeof tones;

/** A short label; its meaning is in its text, the colour only repeats it (contrast AA on every tone). */
export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}
