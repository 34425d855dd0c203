/**
 * Asks `read` again every `everyMs` (at most `tries` times) until `ok` holds for its value, and
 * returns the last value: a test waits for a state it can see, never for a fixed time.
 */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  { tries = 80, everyMs = 50 } = {},
): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, everyMs));
    value = await read();
  }
  return value;
}
