import "server-only";

/**
 * The process's places for PDF workers (the print's, lib/handoffs/print/worker.ts, and the proof's,
 * lib/views/proof/worker.ts), each of which may use hundreds of MB: at most MAX_PLACES at once, and one person's
 * at most MAX_PLACES - 1, so that one manager's prints and proofs never take every place (issue #44: a proof that ran
 * into its 60 s budget kept another manager's two-unit proof waiting 59 s). Waiting requests are served in the order
 * they came, skipping those whose owner holds a person's share; one whose client leaves gives up its turn.
 */

const MAX_PLACES = 2;
const MAX_PER_OWNER = MAX_PLACES - 1;

type Waiting = { owner: string; turn: () => void };
/**
 * The process's places, on globalThis: one count per process even if the bundler gives two routes their own copy of
 * this module. `hold` is the test channel's (lib/ops/test-hooks.ts sets it without importing this room): while it is
 * pending, granted places wait before their worker starts, so a test fills the places without a slow document.
 */
type Places = { running: Map<string, number>; waiting: Waiting[]; total: number; hold?: Promise<void> };
const places = ((globalThis as Record<symbol, unknown>)[Symbol.for("arge-inbox.pdfPlaces")] ??= {}) as Places;
places.running ??= new Map();
places.waiting ??= [];
places.total ??= 0;

const held = (owner: string) => places.running.get(owner) ?? 0;
const fits = (owner: string) => places.total < MAX_PLACES && held(owner) < MAX_PER_OWNER;

function take(owner: string): () => void {
  places.total++;
  places.running.set(owner, held(owner) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    places.total--;
    const left = held(owner) - 1;
    if (left > 0) places.running.set(owner, left);
    else places.running.delete(owner);
    const next = places.waiting.findIndex((w) => fits(w.owner));
    if (next >= 0) places.waiting.splice(next, 1)[0]!.turn();
  };
}

/**
 * A place for `owner` (a user's id); resolves with its release once granted. Rejects with `cancelled()` when `signal`
 * aborts while it waits.
 */
export async function pdfPlace(owner: string, cancelled: () => Error, signal?: AbortSignal): Promise<() => void> {
  if (signal?.aborted) throw cancelled();
  const release = fits(owner)
    ? take(owner)
    : await new Promise<() => void>((resolve, reject) => {
        const entry: Waiting = {
          owner,
          turn: () => {
            signal?.removeEventListener("abort", leave);
            resolve(take(owner));
          },
        };
        const leave = () => {
          places.waiting.splice(places.waiting.indexOf(entry), 1);
          reject(cancelled());
        };
        places.waiting.push(entry);
        signal?.addEventListener("abort", leave, { once: true });
      });
  await places.hold;
  return release;
}
