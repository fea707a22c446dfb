/**
 * The limit on declined cards (issue 32): past it, a payment is refused before any provider is asked,
 * so the payment screen cannot be used to try stolen card numbers one after another.
 */

export const DECLINE_WINDOW_MS = 60 * 60 * 1000;
/** Declines within the window, per tenant and per network address, after which payments wait. */
export const MAX_DECLINES_PER_TENANT = 5;
export const MAX_DECLINES_PER_ADDRESS = 5;

/** The operator's Declined cards page: whoever had this many declines in the last 24 hours, near the limit or past it. */
export const DECLINES_WORTH_WATCHING = 3;
export const DECLINE_WATCH_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * When payments may be tried again, given the times of someone's declined cards: null while fewer
 * than `limit` fall in the hour before `now`. Otherwise the moment the `limit`-th newest leaves the
 * window, when fewer than `limit` remain (a decline exactly an hour old no longer counts).
 */
export function declineLimitEndsAt(declinedAt: readonly Date[], now: Date, limit: number): Date | null {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('Invalid date');
  const recent = declinedAt
    .map((at) => at.getTime())
    .filter((atMs) => nowMs - atMs < DECLINE_WINDOW_MS)
    .sort((a, b) => b - a);
  return recent.length < limit ? null : new Date(recent[limit - 1] + DECLINE_WINDOW_MS);
}

/** Whole seconds until `at`, at least 1: a Retry-After header's value. */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/**
 * '2:05 PM CDT': the clock time people may try again, in the home's time zone, rounded up to the
 * minute so that the time said is never early.
 */
export function clockTimeIn(at: Date, timeZone: string): string {
  const minuteMs = 60_000;
  const roundedUp = new Date(Math.ceil(at.getTime() / minuteMs) * minuteMs);
  const text = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(roundedUp);
  // Newer ICU puts a narrow no-break space before AM/PM; people (and tests) type a plain one.
  return text.replace(/\u202f/g, ' ');
}
