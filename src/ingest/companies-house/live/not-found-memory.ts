/*
 * Remembers, for a short time, that Companies House answered 404 for a path, so a repeated miss (an agent
 * asking again for a mistyped number) does not spend the shared per-key budget. Per process on purpose: a miss
 * costs one request per process per `ttlMs` at most, and a company incorporated meanwhile shows up once the
 * memory lapses.
 */
export class NotFoundMemory {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  remember(key: string): void {
    if (this.ttlMs <= 0) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.until.size >= this.maxEntries) this.until.delete(this.until.keys().next().value!);
    this.until.delete(key);
    this.until.set(key, this.now() + this.ttlMs);
  }

  has(key: string): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(key);
    return false;
  }
}
