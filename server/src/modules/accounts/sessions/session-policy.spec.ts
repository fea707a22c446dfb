import {
  isSessionLive,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  sessionExpiry,
  sessionNeedsTouch,
} from './session-policy';

const start = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const fresh = { lastSeenAt: start, expiresAt: sessionExpiry(start), revokedAt: null };

describe('session policy', () => {
  it('keeps a session alive until just before the idle timeout', () => {
    expect(isSessionLive(fresh, at(SESSION_IDLE_TIMEOUT_MS - 1))).toBe(true);
    expect(isSessionLive(fresh, at(SESSION_IDLE_TIMEOUT_MS))).toBe(false);
  });

  it('ends a session at the absolute timeout however active it is', () => {
    const busy = { ...fresh, lastSeenAt: at(SESSION_ABSOLUTE_TIMEOUT_MS - 1000) };
    expect(isSessionLive(busy, at(SESSION_ABSOLUTE_TIMEOUT_MS - 1))).toBe(true);
    expect(isSessionLive(busy, at(SESSION_ABSOLUTE_TIMEOUT_MS))).toBe(false);
  });

  it('ends a revoked session at once', () => {
    expect(isSessionLive({ ...fresh, revokedAt: start }, start)).toBe(false);
  });

  it('records activity at most once a minute', () => {
    expect(sessionNeedsTouch(fresh, at(59_999))).toBe(false);
    expect(sessionNeedsTouch(fresh, at(60_000))).toBe(true);
  });
});
