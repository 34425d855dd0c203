/** At most `attempts` sign-in attempts of one key in any `minutes` (a sliding window). */
export type Limit = { attempts: number; minutes: number };

/** Per address (an IPv4 address, or an IPv6 /64), across all accounts. */
export const ADDRESS_LIMITS: readonly Limit[] = [{ attempts: 10, minutes: 15 }];

/**
 * Per account, counted over every address it is not known at; and again per account and known
 * address. The steps make the waits grow: 15 minutes after 10 attempts, up to an hour after 20,
 * up to a day after 40.
 */
export const ACCOUNT_LIMITS: readonly Limit[] = [
  { attempts: 10, minutes: 15 },
  { attempts: 20, minutes: 60 },
  { attempts: 40, minutes: 24 * 60 },
];

/** An address an account signed in from successfully stays known (keeps its own budget) this long. */
export const KNOWN_ADDRESS_DAYS = 30;

/** Attempts older than this count for no limit (and are pruned). */
export const LONGEST_WINDOW_MINUTES = Math.max(...[...ADDRESS_LIMITS, ...ACCOUNT_LIMITS].map((l) => l.minutes));

/** How many of a key's most recent earlier attempts `waitSeconds` needs to see. */
export const attemptsToRead = (limits: readonly Limit[]) => Math.max(...limits.map((l) => l.attempts));

/**
 * Seconds an attempt must wait, given the ages in seconds of the earlier attempts of its key, most
 * recent first: 0 unless some limit already has `attempts` of them inside its window; then until the
 * `attempts`-th most recent of those leaves that window (the longest such wait, at least 1 s).
 */
export function waitSeconds(earlierAges: readonly number[], limits: readonly Limit[]): number {
  let wait = 0;
  for (const { attempts, minutes } of limits) {
    const inWindow = earlierAges.filter((age) => age < minutes * 60);
    const oldest = inWindow[attempts - 1];
    if (oldest !== undefined) wait = Math.max(wait, Math.max(1, Math.ceil(minutes * 60 - oldest)));
  }
  return wait;
}
