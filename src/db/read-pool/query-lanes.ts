/*
 * Which lane a read goes to, learnt from how long its SQL text has taken. A point read (get_company's) must not
 * wait behind searches that take tens of milliseconds each: reads that have proven quick get a thread of their
 * own. The SQL text, not its params, is what is judged: the same statement shape costs about the same.
 */
export type Lane = 'quick' | 'any';

export interface QueryLaneOptions {
  /** A run at or above this many milliseconds (measured in the thread, SQLite's time only) is slow. */
  quickMs: number;
  /** Consecutive quick runs a SQL text needs before it takes the quick lane; one slow run sends it back. */
  quickRunsNeeded: number;
  /** SQL texts remembered; the least recently run is forgotten first (and starts again in the `any` lane). */
  remembered: number;
}

export const defaultQueryLaneOptions: QueryLaneOptions = {
  quickMs: 1,
  quickRunsNeeded: 16,
  remembered: 2000,
};

export class QueryLanes {
  /** SQL text → consecutive quick runs; a Map keeps insertion order, so the first key is the least recent. */
  private readonly quickRuns = new Map<string, number>();

  constructor(private readonly options: QueryLaneOptions = defaultQueryLaneOptions) {}

  /** A SQL text not seen yet, or slow lately, goes to the `any` lane: never risk the quick lane on a guess. */
  laneOf(sql: string): Lane {
    return (this.quickRuns.get(sql) ?? 0) >= this.options.quickRunsNeeded ? 'quick' : 'any';
  }

  record(sql: string, ms: number): void {
    const quick = Number.isFinite(ms) && ms >= 0 && ms < this.options.quickMs;
    const runs = quick ? (this.quickRuns.get(sql) ?? 0) + 1 : 0;
    this.quickRuns.delete(sql);
    this.quickRuns.set(sql, Math.min(runs, this.options.quickRunsNeeded));
    if (this.quickRuns.size > this.options.remembered)
      this.quickRuns.delete(this.quickRuns.keys().next().value as string);
  }
}
