import type { ReactNode } from "react";

/**
 * A status message announced to screen readers: `polite` for progress and outcomes, `assertive`
 * (role alert) for errors. Empty content keeps the live region in place for the next message.
 */
export function StatusLine({ tone = "info", children }: { tone?: "info" | "error" | "success"; children?: ReactNode }) {
  const colours = {
    info: "text-slate-800",
    error: "border-red-300 bg-red-50 text-red-900",
    success: "border-green-300 bg-green-50 text-green-900",
  }[tone];
  const boxed = tone !== "info" && children ? `rounded border px-3 py-2 ${colours}` : colours;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      aria-live={tone === "error" ? "assertive" : "polite"}
      className={`text-sm ${boxed}`}
    >
      {children}
    </div>
  );
}
