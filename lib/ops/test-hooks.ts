import "server-only";
import { ConfigError } from "@/lib/env";
import { getDriver } from "@/lib/db/client";
import { moveClock, now } from "@/lib/process/clock";

type Driver = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  crashForTest?: () => Promise<void>;
};
type Ask =
  | { id: number; sql: string; params?: unknown[] }
  | { id: number; crash: "database" }
  | { id: number; pdfPlaces: "hold" | "lift" | "state" }
  | { id: number; clockMs: number };

/** The PDF places' shape on globalThis (lib/handoffs/print/places.ts), as far as the test channel touches it. */
type Places = { running?: Map<string, number>; waiting?: { owner: string }[]; hold?: Promise<void>; lift?: () => void };

/** Holds granted PDF places before their worker starts, lifts the hold, or reads who runs and waits. */
function pdfPlaces(what: "hold" | "lift" | "state") {
  const places = ((globalThis as Record<symbol, unknown>)[Symbol.for("arge-inbox.pdfPlaces")] ??= {}) as Places;
  if (what === "hold" && !places.lift) places.hold = new Promise((resolve) => (places.lift = resolve));
  if (what === "lift") {
    places.lift?.();
    places.lift = undefined;
    places.hold = undefined;
  }
  return [
    {
      running: Object.fromEntries(places.running ?? []),
      waiting: (places.waiting ?? []).map((w) => w.owner),
    },
  ];
}

/**
 * What a test reads (and sets) of a running server without stopping it: SQL, a crash of the embedded
 * database's thread, a hold on the PDF places, or its clock moved forward (lib/process/clock.ts), over the IPC channel that only the test helper opens
 * (tests/support/server.ts spawns the server with one and ARGE_TEST_HOOKS=1). No HTTP route exists for
 * it, and a start with ARGE_TEST_HOOKS but no such channel is refused: nothing of it reaches production.
 */
export function startTestHooks(): void {
  if (typeof process.send !== "function") {
    throw new ConfigError(
      "ARGE_TEST_HOOKS ist nur für die Testhilfe (tests/support/server.ts) und hier nicht erlaubt. / ARGE_TEST_HOOKS is for the test helper only and refused here.",
    );
  }
  process.on("message", (message: unknown) => {
    const ask = message as Ask;
    if (typeof ask?.id !== "number") return;
    void (async () => {
      try {
        const driver = (await getDriver()) as Driver;
        // The embedded database's thread ended as by a fault: the process must end with 70 (lib/db/client.ts).
        if ("crash" in ask) {
          if (!driver.crashForTest) throw new Error("not the embedded database");
          return await driver.crashForTest();
        }
        if ("pdfPlaces" in ask) return process.send!({ id: ask.id, rows: pdfPlaces(ask.pdfPlaces) });
        if ("clockMs" in ask)
          return process.send!({ id: ask.id, rows: [{ offsetMs: moveClock(ask.clockMs), now: now() }] });
        if (typeof ask.sql !== "string") return;
        const { rows } = await driver.query(ask.sql, ask.params ?? []);
        process.send!({ id: ask.id, rows });
      } catch (err) {
        process.send!({ id: ask.id, error: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
  // The channel must not keep a draining server alive.
  process.channel?.unref();
}
