/** Progress of a long run: a labelled progressbar with its value also in words. */
export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max || 100}
        aria-valuenow={max > 0 ? value : undefined}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded bg-slate-200"
      >
        <div className="h-full bg-blue-700 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </div>
  );
}
