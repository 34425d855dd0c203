import "server-only";

/**
 * Answers of a walk's pages that arrive together are read one per turn of the event loop, across
 * every walk of the process, so that other requests are served in between (docs/scale.md).
 */
let lane: Promise<void> = Promise.resolve();

export function nextTurn(): Promise<void> {
  const turn = lane.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  lane = turn;
  return turn;
}
