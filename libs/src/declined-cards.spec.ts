import { tooManyDeclinedCardsMessage } from './messages';
import {
  clockTimeIn,
  DECLINE_WINDOW_MS,
  declineLimitEndsAt,
  MAX_DECLINES_PER_ADDRESS,
  MAX_DECLINES_PER_TENANT,
  secondsUntil,
} from './declined-cards';

const now = new Date('2026-05-04T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const minutes = (n: number) => n * 60_000;

describe('the limit on declined cards', () => {
  it('is 5 an hour, per tenant and per address', () => {
    expect(DECLINE_WINDOW_MS).toBe(3_600_000);
    expect(MAX_DECLINES_PER_TENANT).toBe(5);
    expect(MAX_DECLINES_PER_ADDRESS).toBe(5);
  });

  it('lets a fifth attempt through after four declines', () => {
    const four = [1, 2, 3, 4].map((n) => ago(minutes(n)));
    expect(declineLimitEndsAt(four, now, 5)).toBeNull();
    expect(declineLimitEndsAt([], now, 5)).toBeNull();
  });

  it('holds payments after five declines until the oldest of the five is an hour old', () => {
    const five = [50, 1, 10, 20, 30].map((n) => ago(minutes(n)));
    expect(declineLimitEndsAt(five, now, 5)).toEqual(new Date(ago(minutes(50)).getTime() + DECLINE_WINDOW_MS));
  });

  it('counts a decline while it is under an hour old, and not at an hour', () => {
    const four = [1, 2, 3, 4].map((n) => ago(minutes(n)));
    // A millisecond short of an hour: it still counts, for one more millisecond.
    expect(declineLimitEndsAt([...four, ago(DECLINE_WINDOW_MS - 1)], now, 5)).toEqual(new Date(now.getTime() + 1));
    expect(declineLimitEndsAt([...four, ago(DECLINE_WINDOW_MS)], now, 5)).toBeNull();
  });

  it('with more than five, ends when fewer than five remain', () => {
    const seven = [5, 10, 15, 20, 25, 30, 35].map((n) => ago(minutes(n)));
    // The fifth newest, 25 minutes old, leaves in 35 minutes; then four remain.
    expect(declineLimitEndsAt(seven, now, 5)).toEqual(new Date(now.getTime() + minutes(35)));
  });

  it('counts a decline stamped a moment ahead of this clock (another process)', () => {
    const five = [ago(-500), ...[1, 2, 3, 4].map((n) => ago(minutes(n)))];
    expect(declineLimitEndsAt(five, now, 5)).toEqual(new Date(ago(minutes(4)).getTime() + DECLINE_WINDOW_MS));
  });

  it('throws on an invalid time rather than letting payments through', () => {
    expect(() => declineLimitEndsAt([now], new Date('nope'), 5)).toThrow(RangeError);
  });

  it('says when to try again as a Retry-After in whole seconds, at least one', () => {
    expect(secondsUntil(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(secondsUntil(new Date(now.getTime() + 60_000), now)).toBe(60);
    expect(secondsUntil(now, now)).toBe(1);
  });

  it('says the time in the home’s zone, rounded up to the minute', () => {
    expect(clockTimeIn(new Date('2026-05-04T19:05:00Z'), 'America/Chicago')).toBe('2:05 PM CDT');
    expect(clockTimeIn(new Date('2026-05-04T19:04:00.001Z'), 'America/Chicago')).toBe('2:05 PM CDT');
    expect(clockTimeIn(new Date('2026-01-04T04:30:00Z'), 'America/New_York')).toBe('11:30 PM EST');
    expect(tooManyDeclinedCardsMessage('2:05 PM CDT')).toBe(
      'Too many declined cards. Please try again after 2:05 PM CDT, or contact your landlord.',
    );
  });
});
