import { forEachWithConcurrency } from '../../src/temporal/delivery-catch-up-pool';

/** A promise the test settles by hand, so every ordering below is forced, never timed. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every queued microtask and promise continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('forEachWithConcurrency', () => {
  it('handles every item once and never has more than `limit` in flight', async () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const seen: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    await forEachWithConcurrency(items, 4, async (item) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await settle();
      seen.push(item);
      inFlight--;
    });
    expect([...seen].sort((a, b) => a - b)).toEqual(items);
    expect(mostInFlight).toBe(4);
  });

  it('runs all at once when there are fewer items than the limit, and nothing for none', async () => {
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    const all = forEachWithConcurrency([0, 1], 16, async (item) => {
      started.push(item);
      await gates[item]!.promise;
    });
    await settle();
    expect(started).toEqual([0, 1]);
    gates.forEach((gate) => gate.resolve());
    await all;

    const work = jest.fn(async () => undefined);
    await forEachWithConcurrency([], 16, work);
    expect(work).not.toHaveBeenCalled();
  });

  it('takes no further item once aborted, and settles only after the calls in flight end', async () => {
    const controller = new AbortController();
    const gates = Array.from({ length: 10 }, () => deferred());
    const started: number[] = [];
    const finished: number[] = [];
    let settled = false;
    const all = forEachWithConcurrency(
      gates.map((_, i) => i),
      2,
      async (item) => {
        started.push(item);
        await gates[item]!.promise;
        finished.push(item);
      },
      controller.signal,
    ).then(() => {
      settled = true;
    });
    await settle();
    expect(started).toEqual([0, 1]);
    controller.abort();
    gates[0]!.resolve();
    await settle();
    expect(settled).toBe(false); // item 1 is still in flight
    gates[1]!.resolve();
    await all;
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([0, 1]);
  });

  it('rethrows the first error after the calls in flight end, taking no further item', async () => {
    const gates = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    const finished: number[] = [];
    const all = forEachWithConcurrency(
      gates.map((_, i) => i),
      2,
      async (item) => {
        started.push(item);
        await gates[item]!.promise;
        finished.push(item);
      },
    );
    const outcome = all.then(
      () => 'resolved',
      (error: unknown) => (error as Error).message,
    );
    await settle();
    gates[0]!.reject(new Error('first'));
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    expect(await outcome).toBe('first');
    expect(finished).toEqual([1]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a limit of %p', async (limit) => {
    await expect(forEachWithConcurrency([1], limit, async () => undefined)).rejects.toThrow(RangeError);
  });
});
