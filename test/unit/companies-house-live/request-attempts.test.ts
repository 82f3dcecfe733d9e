import { CompaniesHouseError } from '../../../src/ingest/companies-house/live/companies-house-errors';
import {
  RequestAttempts,
  type AttemptAnswer,
  type RequestAttemptsOptions,
} from '../../../src/ingest/companies-house/live/request-attempts';
import type { BudgetDecision } from '../../../src/ingest/companies-house/live/shared-request-budget';

const PATH = '/company/09876543';

/** What one attempt does: answer with a result or a status, or fail as the network would. */
type Step = { result: string } | { status: number; headers?: Record<string, string>; from?: string } | Error;

/** RequestAttempts on a fake clock whose sleeps are recorded, and a budget that grants unless told otherwise. */
function harness(options: Partial<RequestAttemptsOptions> = {}) {
  let now = 1_000_000;
  const sleeps: number[] = [];
  let budgetTaken = 0;
  const attempts = new RequestAttempts({
    budget: {
      take: async (): Promise<BudgetDecision> => {
        budgetTaken++;
        return { granted: true };
      },
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    now: () => now,
    random: () => 1,
    ...options,
  });
  let calls = 0;
  /** Runs one request whose attempts take `steps` in turn. */
  const run = (steps: Step[], timeoutMs = 10_000) =>
    attempts.run(PATH, timeoutMs, async (): Promise<AttemptAnswer<string>> => {
      calls++;
      const step = steps.shift();
      if (step === undefined) throw new Error('the test gave no more steps');
      if (step instanceof Error) throw step;
      if ('result' in step) return step;
      return { status: step.status, headers: new Headers(step.headers), from: step.from ?? PATH };
    });
  return { attempts, run, sleeps, calls: () => calls, budgetTaken: () => budgetTaken };
}

/** The CompaniesHouseError a request ends with. */
async function failure(promise: Promise<unknown>): Promise<CompaniesHouseError> {
  await expect(promise).rejects.toBeInstanceOf(CompaniesHouseError);
  return (await promise.catch((e: unknown) => e)) as CompaniesHouseError;
}

describe('RequestAttempts', () => {
  it('returns the first attempt’s result, taking the budget once and sleeping not at all', async () => {
    const { run, sleeps, calls, budgetTaken } = harness();
    await expect(run([{ result: 'body' }])).resolves.toBe('body');
    expect([calls(), budgetTaken(), sleeps]).toEqual([1, 1, []]);
  });

  describe('retries', () => {
    it('retries 5xx, 408 and network errors with backoff doubled each time and capped', async () => {
      const { run, sleeps, budgetTaken } = harness({ baseDelayMs: 100, maxDelayMs: 300 });
      const steps: Step[] = [
        { status: 502 },
        new Error('socket hang up'),
        { status: 408 },
        { status: 503 },
        { result: 'body' },
      ];
      await expect(run(steps)).resolves.toBe('body');
      expect(sleeps).toEqual([100, 200, 300, 300]);
      // The budget is taken for every attempt, retries included.
      expect(budgetTaken()).toBe(5);
    });

    it('jitters half of each backoff', async () => {
      const { run, sleeps } = harness({ baseDelayMs: 100, random: () => 0 });
      await run([{ status: 500 }, { status: 500 }, { result: 'body' }]);
      expect(sleeps).toEqual([50, 100]);
    });

    it('by default makes 5 attempts, backing off from 500 ms', async () => {
      const { run, sleeps, calls } = harness();
      const error = await failure(run(Array.from({ length: 5 }, () => ({ status: 500 }))));
      expect(error.details).toEqual({ path: PATH, attempts: 5 });
      expect(calls()).toBe(5);
      expect(sleeps).toEqual([500, 1000, 2000, 4000]);
    });

    it('gives up with `unavailable` after maxAttempts, naming the last problem, without a last sleep', async () => {
      const { run, sleeps, calls } = harness({ maxAttempts: 3, baseDelayMs: 10 });
      const error = await failure(run([new Error('ECONNRESET'), { status: 500 }, { status: 503 }]));
      expect(error.kind).toBe('unavailable');
      expect(error.message).toBe(`${PATH}: no answer after 3 attempts (last: HTTP 503)`);
      expect(error.details).toEqual({ path: PATH, attempts: 3 });
      expect(calls()).toBe(3);
      expect(sleeps).toEqual([10, 20]);
    });

    it('with maxAttempts 1 never retries', async () => {
      const { run, sleeps, calls } = harness({ maxAttempts: 1 });
      const error = await failure(run([new Error('ECONNREFUSED')]));
      expect(error.message).toBe(`${PATH}: no answer after 1 attempts (last: ECONNREFUSED)`);
      expect([calls(), sleeps]).toEqual([1, []]);
    });

    it('aborts an attempt that outlasts timeoutMs, and retries it as a timeout', async () => {
      const { attempts } = harness({ maxAttempts: 2 });
      const signals: AbortSignal[] = [];
      const hang = (signal: AbortSignal) =>
        new Promise<AttemptAnswer<string>>((_, reject) => {
          signals.push(signal);
          // As fetch does: it rejects with an error of its own, not always the abort reason.
          signal.addEventListener('abort', () => reject(new Error('This operation was aborted')));
        });
      const error = await failure(attempts.run(PATH, 5, hang));
      expect(signals).toHaveLength(2);
      expect(signals.every((s) => s.aborted)).toBe(true);
      expect(error.kind).toBe('unavailable');
      expect(error.message).toBe(`${PATH}: no answer after 2 attempts (last: timed out after 5 ms)`);
    });

    it('gives each attempt a signal of its own that is not aborted when the attempt answers in time', async () => {
      const { attempts } = harness();
      const signals: AbortSignal[] = [];
      const replies: AttemptAnswer<string>[] = [
        { status: 500, headers: new Headers(), from: PATH },
        { result: 'body' },
      ];
      await attempts.run(PATH, 60_000, async (signal) => {
        signals.push(signal);
        return replies.shift()!;
      });
      expect(signals).toHaveLength(2);
      expect(signals[0]).not.toBe(signals[1]);
      expect(signals.some((s) => s.aborted)).toBe(false);
    });

    it('retries whatever else an attempt throws as a network error', async () => {
      const { run, calls } = harness({ baseDelayMs: 1 });
      await expect(run([new TypeError('fetch failed'), { result: 'body' }])).resolves.toBe('body');
      expect(calls()).toBe(2);
    });
  });

  describe('429', () => {
    it('waits as long as Retry-After says, else until X-Ratelimit-Reset, else the fallback', async () => {
      const { run, sleeps } = harness({ rateLimitedFallbackMs: 30_000 });
      const steps: Step[] = [
        { status: 429, headers: { 'retry-after': '7' } },
        // The fake clock has moved on by the 7 s slept: the reset is 42 s after that.
        { status: 429, headers: { 'x-ratelimit-reset': String((1_000_000 + 7_000) / 1000 + 42) } },
        { status: 429, headers: { 'retry-after': 'whenever' } },
        { result: 'body' },
      ];
      await expect(run(steps)).resolves.toBe('body');
      expect(sleeps).toEqual([7_000, 42_000, 30_000]);
    });

    it('refuses with `rate_limited` a wait longer than maxWaitMs, at once', async () => {
      const { run, sleeps, calls } = harness({ maxWaitMs: 60_000 });
      const from = `${PATH}/content (redirected to store.example/x)`;
      const error = await failure(run([{ status: 429, headers: { 'retry-after': '300' }, from }]));
      expect(error.kind).toBe('rate_limited');
      expect(error.message).toBe(`${from}: Companies House asks to wait 300000 ms`);
      expect(error.details).toEqual({ path: PATH, status: 429, retryAfterMs: 300_000 });
      expect([calls(), sleeps]).toEqual([1, []]);
    });

    it('is `rate_limited` when the last of the attempts was a 429, `unavailable` when it was not', async () => {
      const limited = harness({ maxAttempts: 2 });
      const error = await failure(
        limited.run([{ status: 503 }, { status: 429, headers: { 'retry-after': '1' } }]),
      );
      expect(error.kind).toBe('rate_limited');
      expect(error.message).toContain('(last: 429 Too Many Requests)');
      expect(limited.sleeps).toEqual([500]);

      const unavailable = harness({ maxAttempts: 2, baseDelayMs: 10 });
      const second = await failure(
        unavailable.run([{ status: 429, headers: { 'retry-after': '1' } }, { status: 500 }]),
      );
      expect(second.kind).toBe('unavailable');
      expect(unavailable.sleeps).toEqual([1_000]);
    });
  });

  describe('answers not retried', () => {
    it('401 is `unauthorized`, naming the setting to check', async () => {
      const { run, calls } = harness();
      const error = await failure(run([{ status: 401 }, { result: 'never' }]));
      expect(error.kind).toBe('unauthorized');
      expect(error.message).toContain('COMPANIES_HOUSE_API_KEY');
      expect(error.details).toEqual({ path: PATH, status: 401 });
      expect(calls()).toBe(1);
    });

    it.each([400, 403, 302, 410, 499])('%i is `refused`', async (status) => {
      const { run, calls, sleeps } = harness();
      const error = await failure(run([{ status, from: `${PATH} (redirected)` }, { result: 'never' }]));
      expect(error.kind).toBe('refused');
      expect(error.message).toBe(`${PATH} (redirected): HTTP ${status} from Companies House`);
      expect(error.details).toEqual({ path: PATH, status });
      expect([calls(), sleeps]).toEqual([1, []]);
    });

    it('a CompaniesHouseError thrown by the attempt ends the request as it is', async () => {
      const { run, calls } = harness();
      const bad = new CompaniesHouseError('bad_response', `${PATH}: not JSON`, { path: PATH, status: 200 });
      await expect(run([bad, { result: 'never' }])).rejects.toBe(bad);
      expect(calls()).toBe(1);
    });
  });

  describe('the shared budget', () => {
    it('waits while the budget’s wait is short, then attempts', async () => {
      const decisions: BudgetDecision[] = [{ granted: false, waitMs: 1_500 }, { granted: true }];
      const { run, sleeps } = harness({ budget: { take: async () => decisions.shift()! } });
      await expect(run([{ result: 'body' }])).resolves.toBe('body');
      expect(sleeps).toEqual([1_500]);
    });

    it('refuses with `rate_limited` before any attempt when the wait is long', async () => {
      const { run, calls, sleeps } = harness({
        budget: { take: async () => ({ granted: false, waitMs: 120_000 }) },
        maxWaitMs: 60_000,
      });
      const error = await failure(run([{ result: 'never' }]));
      expect(error.kind).toBe('rate_limited');
      expect(error.details).toEqual({ path: PATH, retryAfterMs: 120_000 });
      expect([calls(), sleeps]).toEqual([0, []]);
    });

    it('counts maxWaitMs across the budget’s refusals for one attempt, not per refusal', async () => {
      const { run, calls, sleeps } = harness({
        budget: { take: async () => ({ granted: false, waitMs: 40_000 }) },
        maxWaitMs: 60_000,
      });
      const error = await failure(run([{ result: 'never' }]));
      expect(error.kind).toBe('rate_limited');
      expect(sleeps).toEqual([40_000]);
      expect(calls()).toBe(0);
    });

    it('lets an error of the budget’s store through as it is, without an attempt', async () => {
      const broken = new Error('database is locked');
      const { run, calls } = harness({ budget: { take: () => Promise.reject(broken) } });
      await expect(run([{ result: 'never' }])).rejects.toBe(broken);
      expect(calls()).toBe(0);
    });
  });
});
