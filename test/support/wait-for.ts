/**
 * Polls `probe` every 100 ms until it returns a value, for eventually consistent things (visibility, deliveries).
 * The limit is generous, not a claim about speed: CI runs two suites at once on two cores (docs/testing.md).
 */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
