import { CompaniesHouseError } from './companies-house-errors';
import { backoffDelay, isRetryableStatus, retryAfterMs } from './retry-policy';
import type { RequestBudget } from './shared-request-budget';

/*
 * The attempts one request to Companies House may make, with the rules Companies House asks every client to
 * follow: each attempt is taken from the key's shared budget first (waiting while that wait is short); a 429 is
 * waited out as told; 5xx, 408, timeouts and network errors are retried with backoff. The REST and Document API
 * clients both go through here, so the two cannot drift apart on how they treat Companies House; each keeps
 * only what its own API needs (paging, redirects, size limits) in the attempt it hands over.
 */

export interface RequestAttemptsOptions {
  budget: RequestBudget;
  /** Attempts per request, the first included, across 429s, 5xx and timeouts. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest a request sleeps for the budget or a 429 before giving up with `rate_limited`. */
  maxWaitMs?: number;
  /** The wait after a 429 that says neither Retry-After nor X-Ratelimit-Reset. */
  rateLimitedFallbackMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

/**
 * What one attempt learned: the request's result, or an HTTP status for these rules to decide about. `from`
 * names where that status came from (the request path, or where a redirect led), for the error's message.
 */
export type AttemptAnswer<T> = { result: T } | { status: number; headers: Headers; from: string };

/**
 * One attempt under its timeout (`signal` aborts it, body included). It throws only for network errors and
 * timeouts, which are retried, or with a CompaniesHouseError, which ends the request as it is.
 */
export type Attempt<T> = (signal: AbortSignal) => Promise<AttemptAnswer<T>>;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RequestAttempts {
  private readonly budget: RequestBudget;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxWaitMs: number;
  private readonly rateLimitedFallbackMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(options: RequestAttemptsOptions) {
    this.budget = options.budget;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 8_000;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.rateLimitedFallbackMs = options.rateLimitedFallbackMs ?? 60_000;
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /**
   * The result of the first attempt that has one. 401 is `unauthorized` and any other status these rules do
   * not retry is `refused`, both at once; when every attempt failed, `rate_limited` if the last was a 429, else
   * `unavailable`.
   */
  async run<T>(path: string, timeoutMs: number, attempt: Attempt<T>): Promise<T> {
    const { maxAttempts } = this;
    let lastProblem = '';
    let lastWasRateLimit = false;
    for (let number = 1; number <= maxAttempts; number++) {
      await this.takeBudget(path);
      let answer: AttemptAnswer<T>;
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
        timeoutMs,
      );
      try {
        answer = await attempt(controller.signal);
      } catch (error) {
        if (error instanceof CompaniesHouseError) throw error;
        lastProblem = controller.signal.aborted
          ? (controller.signal.reason as Error).message
          : (error as Error).message;
        lastWasRateLimit = false;
        if (number < maxAttempts) await this.sleep(this.backoff(number));
        continue;
      } finally {
        clearTimeout(timer);
      }
      if ('result' in answer) return answer.result;
      const { status, headers, from } = answer;
      if (status === 401)
        throw new CompaniesHouseError(
          'unauthorized',
          `${from}: 401 from Companies House: check COMPANIES_HOUSE_API_KEY (a REST API key, not a stream key)`,
          { path, status },
        );
      if (status === 429) {
        lastWasRateLimit = true;
        lastProblem = '429 Too Many Requests';
        const wait = retryAfterMs(headers, this.now(), this.rateLimitedFallbackMs);
        if (wait > this.maxWaitMs)
          throw new CompaniesHouseError('rate_limited', `${from}: Companies House asks to wait ${wait} ms`, {
            path,
            status,
            retryAfterMs: wait,
          });
        if (number < maxAttempts) await this.sleep(wait);
        continue;
      }
      if (isRetryableStatus(status)) {
        lastWasRateLimit = false;
        lastProblem = `HTTP ${status}`;
        if (number < maxAttempts) await this.sleep(this.backoff(number));
        continue;
      }
      throw new CompaniesHouseError('refused', `${from}: HTTP ${status} from Companies House`, {
        path,
        status,
      });
    }
    throw new CompaniesHouseError(
      lastWasRateLimit ? 'rate_limited' : 'unavailable',
      `${path}: no answer after ${maxAttempts} attempts (last: ${lastProblem})`,
      { path, attempts: maxAttempts },
    );
  }

  /** Waits for the shared budget while the wait is short; a long one is the caller's to decide. */
  private async takeBudget(path: string): Promise<void> {
    const deadline = this.now() + this.maxWaitMs;
    for (;;) {
      const decision = await this.budget.take();
      if (decision.granted) return;
      if (this.now() + decision.waitMs > deadline)
        throw new CompaniesHouseError(
          'rate_limited',
          `${path}: the Companies House budget of this key is spent for ${decision.waitMs} ms more`,
          { path, retryAfterMs: decision.waitMs },
        );
      await this.sleep(decision.waitMs);
    }
  }

  private backoff(attempt: number): number {
    return backoffDelay(attempt, {
      baseDelayMs: this.baseDelayMs,
      maxDelayMs: this.maxDelayMs,
      random: this.random,
    });
  }
}
