import "server-only";
import { ConfigError } from "@/lib/env";
import type { Progress } from "./load";
import { OpsError } from "./manifest";

/** What the three commands share: --help, messages German first, no stack trace for an expected failure. */

export const KEYS_NOTE =
  "Die Sicherung enthält keine Schlüssel: Zugangsdaten bleiben versiegelt und lassen sich nur mit denselben ENCRYPTION_KEYS öffnen, " +
  "mit denen auch die Signatur der Sicherung geprüft wird (ohne ENCRYPTION_KEYS: DATA_DIR/generated-secrets.json gesondert aufbewahren). / " +
  "The backup holds no keys: connection secrets stay sealed and open only with the same ENCRYPTION_KEYS, " +
  "which also check the backup's signature (without ENCRYPTION_KEYS: keep DATA_DIR/generated-secrets.json separately).";

export function runCli(help: string, main: (args: string[]) => Promise<void>): void {
  const args = process.argv.slice(2);
  // What a command writes (backups, restored data) is its user's alone (lib/ops/private-files.ts).
  process.umask(0o077);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(help);
    process.exit(0);
  }
  main(args).then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof OpsError || err instanceof ConfigError) console.error(`\n${err.message}\n`);
      else console.error(`\nFehler / error: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}

/** Fails with the usage line when the one argument is missing. */
export function oneArgument(args: string[], usage: string): string {
  const [arg, ...rest] = args.filter((a) => a !== "--");
  if (!arg || rest.length > 0) throw new OpsError(`Aufruf: ${usage}`, `usage: ${usage}`);
  return arg;
}

/** Progress on the terminal: a line rewritten in place on a TTY, a line per tenth otherwise. */
export function terminalProgress(): Progress {
  let last = "";
  return (what, done, total) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const step = process.stdout.isTTY ? `${percent}` : `${Math.floor(percent / 10)}`;
    if (`${what}${step}` === last && done !== total) return;
    last = `${what}${step}`;
    const line = `  ${what}: ${done}/${total} (${percent} %)`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? "\n" : ""}`);
    else console.log(line);
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
