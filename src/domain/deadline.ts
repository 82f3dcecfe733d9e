import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ServiceError } from './errors';

/*
 * A time limit on one request's own work (a sanctions screen, a KYB check), checked between steps. Work that runs
 * past it stops with `deadline_exceeded` rather than holding its connection (and the clients queued behind it)
 * until something lower down gives up; the edge does not charge the call (operations/invoke.ts).
 */

export interface Deadline {
  /** The limit it was created with, in milliseconds. */
  readonly limitMs: number;
  /** Throws `deadline_exceeded` when the limit has passed. */
  check(): void;
  /** Milliseconds left before the limit (0 or less once it has passed). */
  remainingMs(): number;
  /** Lets other requests run (one turn of the event loop), then checks. */
  yieldThenCheck(): Promise<void>;
  /**
   * Waits for work shared with other requests (building the list index of a new version) without counting the
   * wait: the first requests after a list refresh are not stopped for a cost that is not theirs.
   */
  notCounting<T>(shared: Promise<T>): Promise<T>;
}

export function deadlineExceeded(what: string, limitMs: number): ServiceError {
  return new ServiceError(
    'deadline_exceeded',
    `The ${what} did not finish within ${limitMs} ms and was stopped; it was not charged. Try again shortly`,
    { deadline_ms: limitMs },
  );
}

/** A deadline `limitMs` from now; `what` names the work in the error ("sanctions screen"). */
export function startDeadline(
  what: string,
  limitMs: number,
  clock: () => number = () => performance.now(),
): Deadline {
  let ends = clock() + limitMs;
  const check = () => {
    if (clock() > ends) throw deadlineExceeded(what, limitMs);
  };
  return {
    limitMs,
    check,
    remainingMs: () => ends - clock(),
    async yieldThenCheck() {
      await nextTurn();
      check();
    },
    async notCounting(shared) {
      const started = clock();
      try {
        return await shared;
      } finally {
        ends += clock() - started;
      }
    },
  };
}
