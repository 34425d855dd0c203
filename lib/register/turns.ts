/**
 * Turns of the event loop in the register import's long steps (issue #32): reading, checking,
 * loading and writing 100,000 rows would otherwise hold the server's one thread for seconds, and
 * every other request (a health check, another user's page) would wait for the whole import. The
 * statements run elsewhere (PostgreSQL, or the embedded database's own thread); the rows' JS does not.
 */

/** The longest a loop of the import runs before it hands the event loop a turn. */
const TURN_MS = 20;

/** One turn of the event loop: what arrived meanwhile (a request, a socket's data) is served first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pause for a loop over rows, cheap enough to call for every row: a turn of the event loop once
 * TURN_MS have passed since the last one, else nothing to wait for. Time rather than a count of
 * rows, since a row of a register may be 10 bytes or 10,000.
 */
export function eventLoopTurns(ms = TURN_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < ms) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
