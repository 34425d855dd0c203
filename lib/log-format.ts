/**
 * The readable form of a log line (README.md, "Metrics and logs"): time, level, message, then the other fields as
 * `key=value`. It formats the JSON pino already wrote, after redaction, so both forms hide the same values.
 */

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
/** Fields that are the line's frame, not its detail. */
const FRAME = new Set(["level", "time", "msg", "reqId", "pid", "hostname"]);
/** A value longer than this is cut: a line stays a line. */
const MAX_VALUE = 120;
/** Stack frames shown under an error (at level error and above). */
const MAX_FRAMES = 6;

function clip(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function valueText(value: unknown): string {
  if (typeof value === "string") return clip(/[\s"=]/.test(value) || value === "" ? JSON.stringify(value) : value);
  if (value !== null && typeof value === "object") {
    const err = value as { type?: unknown; message?: unknown };
    if (typeof err.type === "string" && typeof err.message === "string")
      return clip(JSON.stringify(`${err.type}: ${err.message}`));
    return clip(JSON.stringify(value));
  }
  return String(value);
}

/** `HH:mm:ss.SSS` of `time` (epoch milliseconds) in `timeZone`. */
export function clockFormatter(timeZone: string): (time: number) => string {
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return (time) => `${clock.format(time)}.${String(time % 1000).padStart(3, "0")}`;
}

/** The message, and the fields it already says: an access line's are its message. */
function headline(record: Record<string, unknown>): [string, Set<string>] {
  const { msg, method, route, status, ms } = record;
  if (msg === "request" && typeof method === "string" && typeof route === "string") {
    return [`${method} ${route} ${String(status)} · ${String(ms)} ms`, new Set(["method", "route", "status", "ms"])];
  }
  return [String(msg ?? ""), new Set()];
}

/** One readable line (no trailing newline) for one record as pino writes it. */
export function formatRecord(record: Record<string, unknown>, clock: (time: number) => string): string {
  const level = typeof record.level === "number" ? (LEVELS[record.level] ?? String(record.level)) : "INFO";
  const time = typeof record.time === "number" ? clock(record.time) : "--:--:--.---";
  const [message, said] = headline(record);
  const fields = Object.entries(record)
    .filter(([key, value]) => !FRAME.has(key) && !said.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${valueText(value)}`);
  if (typeof record.reqId === "string") fields.push(`req=${record.reqId}`);
  const line = [time, level.padEnd(5), message, ...fields].join(" ");
  const stack = (record.err as { stack?: unknown } | undefined)?.stack;
  if (typeof record.level !== "number" || record.level < 50 || typeof stack !== "string") return line;
  const frames = stack.split("\n").filter((l) => /^\s+at /.test(l));
  return [line, ...frames.slice(0, MAX_FRAMES).map((f) => `    ${f.trim()}`)].join("\n");
}

/** A pino destination that writes each line in the readable form to `out`. */
export function readableDestination(
  out: { write(text: string): unknown },
  timeZone: string,
): { write(line: string): void } {
  const clock = clockFormatter(timeZone);
  return {
    write(line) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return void out.write(line);
      }
      out.write(`${formatRecord(record, clock)}\n`);
    },
  };
}
