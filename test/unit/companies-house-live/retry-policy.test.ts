import { backoffDelay, retryAfterMs } from '../../../src/ingest/companies-house/live/retry-policy';

describe('retry policy', () => {
  it('doubles the delay each attempt up to the cap, half of it jittered', () => {
    const options = { baseDelayMs: 500, maxDelayMs: 8000 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, { ...options, random: () => 1 }))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(1000);
  });

  it('reads Retry-After in seconds or as a date, then X-Ratelimit-Reset, then the fallback', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '12' }), now, 5)).toBe(12_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 22 Nov 2026 10:00:30 GMT' }), now, 5)).toBe(
      30_000,
    );
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 90) }), now, 5)).toBe(90_000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': 'soon' }), now, 5)).toBe(5);
    expect(retryAfterMs(new Headers(), now, 60_000)).toBe(60_000);
  });
});
