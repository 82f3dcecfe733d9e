/**
 * Runs `work` over `items` with at most `limit` calls in flight: enough to hide each start's round trip to
 * Temporal, few enough not to flood its frontend. Once `signal` aborts, or a call throws, no further item is
 * taken; the calls in flight are awaited either way, so nothing is left running when this settles. The first
 * error is rethrown after that.
 */
export async function forEachWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`concurrency must be a positive integer, got ${limit}`);
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const lane = async (): Promise<void> => {
    while (next < items.length && !failed && !signal?.aborted) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        if (!failed) firstError = error;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed) throw firstError;
}
