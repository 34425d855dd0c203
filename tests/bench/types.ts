/** A benchmark figure of ../shared/contracts/BENCH.md. */
export type Figure = {
  name: string;
  unit: "ratio" | "mb" | "count" | "kb";
  goal: string;
  baseline: string;
  /** Measures the figure; returns the value (null when it could not be measured, with a reason). */
  run: () => Promise<{ value: number | null; reason?: string; info?: Record<string, unknown> }>;
};
