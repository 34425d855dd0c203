import "server-only";

/**
 * A walk has several pages in flight; reading one answer (schema check, then normalising its
 * documents) costs the server thread 5–30 ms, and answers that arrive together would otherwise be
 * read back to back, one long stall. Each waits for its own turn of the event loop (a timer, one
 * after another across every walk of the process), so other requests are served in between.
 */
let lane: Promise<void> = Promise.resolve();

export function nextTurn(): Promise<void> {
  const turn = lane.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  lane = turn;
  return turn;
}
