import "server-only";
import { ConfigError } from "@/lib/env";
import { getDriver } from "@/lib/db/client";

type Driver = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  crashForTest?: () => Promise<void>;
};
type Ask = { id: number; sql: string; params?: unknown[] } | { id: number; crash: "database" };

/**
 * What a test reads (and sets) of a running server's database without stopping it: SQL, or a crash of
 * the embedded database's thread, over the IPC channel that only the test helper opens
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
