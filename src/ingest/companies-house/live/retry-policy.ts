/* When to try a Companies House request again, and how long to wait first. */

export interface BackoffOptions {
  /** First wait after a 5xx or a timeout; doubles each attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** 0–1 (Math.random in production); injected so tests are exact. */
  random: () => number;
}

/**
 * Exponential backoff with "equal jitter": half the doubled delay is fixed, half random, so retries from
 * several processes spread out but never collapse to zero. `attempt` counts from 1 (the attempt that failed).
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * options.random());
}

/** 5xx, and 408 (the server's own timeout), are worth retrying; other statuses say something final. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408;
}

/**
 * The wait a 429 asks for: Retry-After (seconds or an HTTP date), else X-Ratelimit-Reset (epoch seconds, which
 * Companies House sends with its rate-limit headers), else `fallbackMs` — a 429 often comes with neither.
 */
export function retryAfterMs(headers: Headers, nowMs: number, fallbackMs: number): number {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - nowMs);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) {
    const wait = Number(reset) * 1000 - nowMs;
    if (wait >= 0 && wait <= 10 * 60_000) return wait;
  }
  return fallbackMs;
}
